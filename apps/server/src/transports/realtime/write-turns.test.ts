import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { beforeWrite } from './write-turns.ts';

/** A stream that records each underlying write: one entry per `_write`, or one per `_writev` batch. */
function recordingStream() {
  const writes: string[][] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      writes.push([chunk.toString()]);
      callback();
    },
    writev(chunks, callback) {
      writes.push(chunks.map(({ chunk }) => String(chunk)));
      callback();
    },
  });
  return { stream, writes };
}

const send = (stream: Writable, frame: string) => {
  beforeWrite(stream);
  stream.write(frame);
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('socket writes batched per turn', () => {
  it('writes a lone frame at once, uncorked', () => {
    const { stream, writes } = recordingStream();
    send(stream, 'a');
    expect(writes).toEqual([['a']]);
    expect(stream.writableCorked).toBe(0);
  });

  it('sends the later frames of one turn in one batch, in order, after the turn', async () => {
    const { stream, writes } = recordingStream();
    send(stream, 'a');
    send(stream, 'b');
    send(stream, 'c');
    send(stream, 'd');
    expect(writes).toEqual([['a']]);
    await nextTurn();
    expect(writes).toEqual([['a'], ['b', 'c', 'd']]);
    expect(stream.writableCorked).toBe(0);
  });

  it('starts afresh in the next turn, for each socket on its own', async () => {
    const first = recordingStream();
    const second = recordingStream();
    send(first.stream, 'a');
    send(second.stream, 'x');
    send(first.stream, 'b');
    await nextTurn();
    send(first.stream, 'c');
    send(second.stream, 'y');
    expect(first.writes).toEqual([['a'], ['b'], ['c']]);
    expect(second.writes).toEqual([['x'], ['y']]);
  });
});
