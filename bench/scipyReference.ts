// The Node side of the scipy reference: one python3 child for the whole run (bench/scipyReference.py),
// arrays sent once as little-endian float64 bytes, then one timed call per request.
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const script = join(dirname(fileURLToPath(import.meta.url)), 'scipyReference.py');

export interface ReferenceRun {
  case: 'find_peaks' | 'pipeline';
  array: string;
  time?: string;
  kwargs: Record<string, number>;
}

export class ScipyReference {
  private readonly waiting: ((line: string) => void)[] = [];

  private constructor(
    private readonly child: ChildProcessWithoutNullStreams,
    public versions = '',
  ) {
    createInterface({ input: child.stdout }).on('line', (line) => this.waiting.shift()?.(line));
  }

  /** The running reference, or null when python3 with numpy and scipy is not installed. */
  static async start(): Promise<ScipyReference | null> {
    const probe = spawnSync('python3', ['-c', 'import numpy, scipy'], { encoding: 'utf8' });
    if (probe.status !== 0) return null;
    const reference = new ScipyReference(spawn('python3', [script], { stdio: 'pipe' }));
    reference.child.stderr.pipe(process.stderr);
    const versions = (await reference.request({ op: 'version' })) as Record<string, string>;
    reference.versions = `python ${versions.python}, numpy ${versions.numpy}, scipy ${versions.scipy}`;
    return reference;
  }

  private request(body: object, payload?: Float64Array): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting.push((line) => {
        const reply = JSON.parse(line) as { error?: string };
        if (reply.error) reject(new Error(reply.error));
        else resolve(reply);
      });
      this.child.stdin.write(`${JSON.stringify(body)}\n`);
      if (payload)
        this.child.stdin.write(new Uint8Array(payload.buffer, payload.byteOffset, payload.byteLength));
    });
  }

  /** The child's process id. */
  get pid(): number {
    return this.child.pid!;
  }

  async load(name: string, values: Float64Array): Promise<void> {
    await this.request({ op: 'load', name, n: values.length }, values);
  }

  async run(body: ReferenceRun): Promise<{ ms: number; cpuMs: number; count: number }> {
    return (await this.request({ op: 'run', ...body })) as { ms: number; cpuMs: number; count: number };
  }

  /** The peaks of one find_peaks call, untimed: their count and the CRC-32 of the indices as int32. */
  async peaks(body: ReferenceRun): Promise<{ count: number; crc32: number }> {
    return (await this.request({ op: 'peaks', ...body })) as { count: number; crc32: number };
  }

  stop(): void {
    this.child.stdin.end();
  }
}
