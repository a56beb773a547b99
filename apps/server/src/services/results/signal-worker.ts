// Entry of the signal worker threads (signal-workers.ts): runs one task and hands its typed arrays back
// transferred. Bundled as dist/signal-worker.js beside the server (apps/server/build.mjs).
import { kTransferable, kValue, markMovable } from 'tinypool';
import { answerOf, type SignalTask } from './signal-work.ts';

export default async function run(task: SignalTask) {
  const { answer, buffers } = await answerOf(task);
  if (buffers.length === 0) return answer;
  // Tinypool posts a movable answer's value with these buffers as the transfer list.
  const movable = { [kTransferable]: buffers, [kValue]: answer };
  markMovable(movable);
  return movable;
}
