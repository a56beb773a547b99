// Holding processes on one CPU for the cases whose two sides run one after the other. On a virtual machine a
// CPU can run slower for a while (its host core shared); unheld, ours and the reference child sit on
// different CPUs and only one side pays. `taskset` (util-linux) sets the affinity of every thread of a
// running process; where it is missing (not Linux), nothing is held and the caller says so.
import { spawnSync } from 'node:child_process';

/** The CPU list a process may run on, as taskset prints it ("0-3", "0,2"), or null without taskset. */
function affinityOf(pid: number): string | null {
  const shown = spawnSync('taskset', ['-c', '-p', String(pid)], { encoding: 'utf8' });
  if (shown.status !== 0) return null;
  return /list:\s*(\S+)/.exec(shown.stdout)?.[1] ?? null;
}

function setAffinity(pid: number, cpus: string): boolean {
  return spawnSync('taskset', ['-a', '-c', '-p', cpus, String(pid)], { stdio: 'ignore' }).status === 0;
}

export interface HeldCpu {
  cpu: string;
  /** Gives every process its previous CPU list back. */
  release(): void;
}

/**
 * Moves every thread of each process onto the last CPU this process may use; null (and nothing moved) when
 * that cannot be done.
 */
export function holdOnOneCpu(pids: number[]): HeldCpu | null {
  const previous = pids.map((pid) => affinityOf(pid));
  if (previous.some((list) => list === null)) return null;
  const cpu = /(\d+)$/.exec(previous[0]!)?.[1];
  if (cpu === undefined) return null;
  const moved: number[] = [];
  const release = () => moved.forEach((pid) => setAffinity(pid, previous[pids.indexOf(pid)]!));
  for (const pid of pids) {
    if (!setAffinity(pid, cpu)) {
      release();
      return null;
    }
    moved.push(pid);
  }
  return { cpu, release };
}
