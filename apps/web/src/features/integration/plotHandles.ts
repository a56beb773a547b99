// Which handle of which peak a pointer is on: baseline ends are dots, starts and ends are vertical lines.
// Positions are CSS pixels over the plot; touch gets a larger tolerance than a mouse. Pure.
import type { Handle } from './staging.ts';

export interface HandlePositions {
  startX: number;
  endX: number;
  baselineStartY: number;
  baselineEndY: number;
}

export interface HandleHit {
  index: number;
  handle: Handle;
}

/** Half the width of what a finger or a mouse can grab, in CSS pixels. */
export const toleranceFor = (pointerType: string) => (pointerType === 'touch' ? 16 : 8);

/**
 * The handle under (x, y): the nearest baseline dot within the tolerance, else the nearest start or end
 * line; where two peaks touch, the side of the line the pointer is on chooses the peak.
 */
export function hitHandle(
  positions: readonly HandlePositions[],
  x: number,
  y: number,
  tolerance: number,
): HandleHit | null {
  let best: (HandleHit & { distance: number }) | null = null;
  const consider = (index: number, handle: Handle, distance: number) => {
    if (distance <= tolerance && (!best || distance < best.distance)) best = { index, handle, distance };
  };
  positions.forEach((peak, index) => {
    consider(index, 'baselineStart', Math.hypot(x - peak.startX, y - peak.baselineStartY));
    consider(index, 'baselineEnd', Math.hypot(x - peak.endX, y - peak.baselineEndY));
  });
  if (best) return strip(best);
  positions.forEach((peak, index) => {
    // Half a pixel towards the inside, so a shared boundary goes to the peak the pointer is in.
    consider(index, 'start', Math.abs(x - peak.startX) + (x < peak.startX ? 0.5 : 0));
    consider(index, 'end', Math.abs(x - peak.endX) + (x > peak.endX ? 0.5 : 0));
  });
  return best ? strip(best) : null;
}

const strip = ({ index, handle }: HandleHit): HandleHit => ({ index, handle });
