// Socket writes batched per turn of the event loop. The first frame a socket gets in a turn is written at once
// (no added latency); from its second frame in the same turn the socket is corked, and every corked socket is
// uncorked once the turn's code is done (a `process.nextTick`), so the rest of that turn's frames leave in one
// `writev`. Writing is what a delivery costs, one system call each; a turn brings a socket several frames when
// publications come faster than the loop turns (a busy process, a burst from the broker), and then the batch
// grows with the backlog. Order is kept: every write, ours and `ws`'s, goes to the same stream.
import type { Writable } from 'node:stream';

const lastTurn = Symbol('realtime.lastTurn');

type TrackedStream = Writable & { [lastTurn]?: number };

let turn = 0;
let turnEnding = false;
let corked: Writable[] = [];

function endTurn(): void {
  turnEnding = false;
  turn += 1;
  const streams = corked;
  corked = [];
  for (const stream of streams) stream.uncork();
}

/** Call before each write to `stream`: corks it from its second frame in this turn until the turn ends. */
export function beforeWrite(stream: Writable): void {
  const tracked = stream as TrackedStream;
  if (tracked[lastTurn] !== turn) {
    tracked[lastTurn] = turn;
    if (!turnEnding) {
      turnEnding = true;
      process.nextTick(endTurn);
    }
    return;
  }
  if (stream.writableCorked > 0) return;
  stream.cork();
  corked.push(stream);
}
