// Raising background steps back to normal CPU priority once the tests are done (scripts/test.mjs).
// The static checks start at the lowest priority so they take only what the tests leave; but beside another
// CPU-bound process at normal priority, the lowest priority gets almost nothing (a nice-19 thread weighs 15
// against 1,024 in Linux's scheduler), so checks still running after the tests would wait on that other
// process. Once the tests end nothing of ours needs the CPU more than they do.
import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Parent of every process, from /proc (Linux); empty elsewhere. */
function parents() {
  const parentOf = new Map();
  let entries = [];
  try {
    entries = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return parentOf;
  }
  for (const name of entries) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      parentOf.set(Number(name), ppid);
    } catch {
      // The process ended while the table was read.
    }
  }
  return parentOf;
}

/** The process and all its descendants. */
function tree(root) {
  const parentOf = parents();
  const found = [root];
  for (let i = 0; i < found.length; i += 1)
    for (const [pid, ppid] of parentOf) if (ppid === found[i]) found.push(pid);
  return found;
}

/** Threads of a process: Linux keeps a nice value per thread, and threads started before keep theirs. */
function threads(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

/**
 * Sets every thread of the process tree under `root` to normal priority (nice 0). Raising a priority needs
 * the right to (root, or CAP_SYS_NICE, or an RLIMIT_NICE allowing it): without it the steps keep the lowest
 * priority, as before. Returns how many threads were raised.
 */
export function raiseToNormal(root) {
  let raised = 0;
  for (const pid of tree(root))
    for (const tid of threads(pid)) {
      try {
        setPriority(tid, 0);
        raised += 1;
      } catch {
        // Not permitted, or the thread ended.
      }
    }
  return raised;
}
