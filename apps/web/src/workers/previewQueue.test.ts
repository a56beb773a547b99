import { describe, expect, it } from 'vitest';
import { coalesce, createPreviewQueue, type PreviewRequest } from './previewQueue.ts';

const request = (id: number, key = 'a'): PreviewRequest => ({
  type: 'process',
  id,
  key,
  template: { peak_detection_min_prominence: id },
});

describe('the preview queue', () => {
  it('computes the last request waiting and supersedes every earlier one, whatever its signal', () => {
    expect(coalesce([])).toEqual({ run: null, superseded: [] });
    expect(coalesce([request(1)])).toEqual({ run: request(1), superseded: [] });
    expect(coalesce([request(1), request(2, 'b'), request(3)])).toEqual({
      run: request(3),
      superseded: [1, 2],
    });
  });

  it('yields once before computing, so requests arriving meanwhile are coalesced into the latest', () => {
    const drains: (() => void)[] = [];
    const computed: number[] = [];
    const superseded: number[] = [];
    const queue = createPreviewQueue(
      (drain) => drains.push(drain),
      (next) => computed.push(next.id),
      (id) => superseded.push(id),
    );
    queue.push(request(1));
    queue.push(request(2));
    queue.push(request(3));
    // One yield scheduled for the three, nothing computed before it.
    expect(drains).toHaveLength(1);
    expect(computed).toEqual([]);
    drains.shift()!();
    expect(computed).toEqual([3]);
    expect(superseded).toEqual([1, 2]);
    expect(queue.waiting()).toBe(0);

    // A later request schedules a yield of its own; one alone is computed, none superseded.
    queue.push(request(4));
    expect(drains).toHaveLength(1);
    drains.shift()!();
    expect(computed).toEqual([3, 4]);
    expect(superseded).toEqual([1, 2]);
  });

  it('answers every request exactly once, computed or superseded', () => {
    const drains: (() => void)[] = [];
    const answered: number[] = [];
    const queue = createPreviewQueue(
      (drain) => drains.push(drain),
      (next) => answered.push(next.id),
      (id) => answered.push(id),
    );
    // Bursts of 1–5 requests between yields (seeded pattern, no timing).
    let id = 0;
    for (const burst of [3, 1, 5, 2, 1, 4]) {
      for (let k = 0; k < burst; k += 1) queue.push(request(++id));
      drains.shift()!();
    }
    expect(drains).toEqual([]);
    expect([...answered].sort((x, y) => x - y)).toEqual(Array.from({ length: id }, (_, k) => k + 1));
  });
});
