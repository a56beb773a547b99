/**
 * Positions (into `indices`) of the sample indices whose time lies in [startSec, endSec] inclusive.
 * @example keepInWindow([0, 1, 2, 3], [1, 3], 0.5, 2) // Int32Array [0]
 */
export function keepInWindow(
  timeSec: ArrayLike<number>,
  indices: ArrayLike<number>,
  startSec: number,
  endSec: number,
): Int32Array {
  const positions = new Int32Array(indices.length);
  let count = 0;
  for (let position = 0; position < indices.length; position++) {
    const t = timeSec[indices[position] as number] as number;
    if (t >= startSec && t <= endSec) positions[count++] = position;
  }
  return positions.slice(0, count);
}
