// Text of a file decoded as its bytes arrive: UTF-16 with a byte-order mark, UTF-8, or — from the first
// bytes that are not UTF-8 on — Latin-1, as older Windows exports are. A UTF-8 sequence split between two
// chunks waits for its end; so does a first chunk too short to show a byte-order mark.
import { latin1Decode, streamDecoder, utf8DecodeStrict, type StreamDecoder } from './textCodec.ts';

/** Bytes a UTF-8 sequence starting with `lead` has (1 for ASCII and for bytes that cannot lead). */
function sequenceLength(lead: number): number {
  if (lead >= 0xf0 && lead <= 0xf7) return 4;
  if (lead >= 0xe0) return lead <= 0xef ? 3 : 1;
  if (lead >= 0xc0) return 2;
  return 1;
}

/** Where the last complete UTF-8 sequence of `bytes` ends. */
function completeUtf8End(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back]!;
    if ((byte & 0xc0) === 0x80) continue;
    return sequenceLength(byte) > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}

export class StreamingTextDecoder {
  /** Whether the text turned out not to be UTF-8 and is read as Latin-1. */
  latin1 = false;
  private utf16: StreamDecoder | null = null;
  private started = false;
  private carry: Uint8Array = new Uint8Array(0);

  decode(bytes: Uint8Array): string {
    const joined = this.carry.length > 0 ? concat(this.carry, bytes) : bytes;
    this.carry = new Uint8Array(0);
    if (!this.started) {
      if (joined.length < 2) {
        this.carry = joined;
        return '';
      }
      this.started = true;
      if (joined[0] === 0xff && joined[1] === 0xfe) this.utf16 = streamDecoder('utf-16le');
      else if (joined[0] === 0xfe && joined[1] === 0xff) this.utf16 = streamDecoder('utf-16be');
      return this.text(joined, true);
    }
    return this.text(joined, false);
  }

  /** The text of bytes still held (a sequence the file never finished). */
  end(): string {
    if (this.utf16) return this.utf16.decode(new Uint8Array(0), { stream: false });
    const rest = this.carry;
    this.carry = new Uint8Array(0);
    if (rest.length === 0) return '';
    return this.text(rest, !this.started, true);
  }

  private text(bytes: Uint8Array, first: boolean, last = false): string {
    if (this.utf16) return this.utf16.decode(bytes, { stream: true });
    if (this.latin1) return latin1Decode(bytes);
    const end = last ? bytes.length : completeUtf8End(bytes);
    this.carry = bytes.slice(end);
    const piece = bytes.subarray(0, end);
    const text = utf8DecodeStrict(piece, { keepBom: !first });
    if (text !== null) return text;
    this.latin1 = true;
    const rest = this.carry;
    this.carry = new Uint8Array(0);
    return latin1Decode(piece) + latin1Decode(rest);
  }
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const joined = new Uint8Array(a.length + b.length);
  joined.set(a);
  joined.set(b, a.length);
  return joined;
}
