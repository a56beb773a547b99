// Test-only access to fixture files: the package itself never does I/O.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));

/** Folder of the shared reference chromatograms (`../shared/data` beside the repository). */
export const referenceDataDir = join(here, '../../../../shared/data');
export const hasReferenceData = existsSync(join(referenceDataDir, 'aia/agilent_hplc.cdf'));
// A developer without the data folder may skip the file tests; CI must run them, so there it is an error.
if (!hasReferenceData && process.env.CI) {
  throw new Error(
    `CI needs the reference data in ${referenceDataDir} (../shared/data beside the repository)`,
  );
}

export function readReference(relativePath: string): Uint8Array {
  return new Uint8Array(readFileSync(join(referenceDataDir, relativePath)));
}

export function readFixture(name: string): string {
  return readFileSync(join(here, 'fixtures', name), 'utf8');
}
