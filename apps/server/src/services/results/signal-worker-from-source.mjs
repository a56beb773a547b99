// The signal worker's entry when the server runs from source (tsx, vitest): worker threads do not inherit
// the TypeScript loader on Node 20, so this loads signal-work.ts through tsx. It marks the answer movable
// itself: tinypool must be the instance its worker loop imported, not a copy loaded through tsx. Built
// servers use dist/signal-worker.js (signal-worker.ts) instead.
import { tsImport } from 'tsx/esm/api';
import { kTransferable, kValue, markMovable } from 'tinypool';

const work = await tsImport('./signal-work.ts', import.meta.url);

export default async function run(task) {
  const { answer, buffers } = await work.answerOf(task);
  if (buffers.length === 0) return answer;
  const movable = { [kTransferable]: buffers, [kValue]: answer };
  markMovable(movable);
  return movable;
}
