// Medium-test fixtures of results: chromatogram files to import (a real AIA file of the shared data when
// present, else a synthetic CSV), uploads through the public API, and a template made over GraphQL.
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { graphqlData } from './graphql-client.ts';
import { CREATE_OR_UPDATE_TEMPLATE } from './spec-documents.ts';
import type { Kysely } from 'kysely';
import type { Database } from '../src/db/schema.ts';
import { workspaceOf } from './workspaces.ts';

const AIA_FILE = fileURLToPath(new URL('../../../../shared/data/aia/agilent_hplc.cdf', import.meta.url));

/** Gaussian peaks on a seeded noisy baseline, 0–300 s at 5 Hz: `[retention s, height, sigma s]`. */
export function syntheticCsv(
  peaks: Array<[number, number, number]> = [
    [60, 50, 2.5],
    [100, 80, 3],
    [180, 40, 4],
  ],
  seed = 42,
): string {
  let state = seed;
  const random = () => (state = (state * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31 - 0.5;
  const lines = ['time (s),signal (mAU)'];
  for (let i = 0; i <= 1500; i++) {
    const t = i / 5;
    let value = 0.2 * random();
    for (const [center, height, sigma] of peaks)
      value += height * Math.exp(-((t - center) ** 2) / (2 * sigma ** 2));
    lines.push(`${t},${value}`);
  }
  return `${lines.join('\n')}\n`;
}

/** The real AIA chromatogram of the shared data, or (outside CI only) a synthetic CSV when it is absent. */
export function sampleChromatogram(): { name: string; bytes: Uint8Array | string } {
  if (existsSync(AIA_FILE))
    return { name: 'agilent_hplc.cdf', bytes: new Uint8Array(readFileSync(AIA_FILE)) };
  if (process.env.CI) throw new Error(`CI needs the reference data: ${AIA_FILE} is missing`);
  return { name: 'synthetic.csv', bytes: syntheticCsv() };
}

/** POST /api/measurements/import/ with one file; returns the status and body. */
export async function upload(
  baseUrl: string,
  token: string,
  name: string,
  bytes: Uint8Array | string,
  templateUuid?: string,
) {
  const form = new FormData();
  if (templateUuid) form.append('template_uuid', templateUuid);
  form.append('file', new Blob([bytes]), name);
  const response = await fetch(`${baseUrl}/api/measurements/import/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  return { status: response.status, body: (await response.json()) as any };
}

/** Creates a post-processing template over GraphQL (the web client's mutation); returns its uuid. */
export async function createTemplate(
  baseUrl: string,
  token: string,
  name: string,
  params_pdet: Record<string, unknown>,
): Promise<string> {
  const uuid = randomUUID();
  await graphqlData(baseUrl, token, CREATE_OR_UPDATE_TEMPLATE, {
    uuid,
    name,
    is_favorite: false,
    is_archived: false,
    algorithm_base: 'horizontal_correction',
    algorithm_binj: 'none',
    algorithm_pdet: 'default',
    algorithm_peak: 'default',
    algorithm_nois: 'median',
    params_pdet,
    params_peak: {},
    params_base: {},
    params_binj: {},
    params_nois: {},
    params_dtim: {},
  });
  return uuid;
}

/**
 * Files already-imported measurements under a finished sequence of one sample, one injection each, as a
 * run leaves them (rows only; runs on the simulator are tested elsewhere). Returns the ids.
 */
export async function fileUnderSequence(
  server: { context: { database: { db: Kysely<Database> } } },
  ownerId: number,
  measurementIds: number[],
  name = 'Shared run',
) {
  const { db } = server.context.database;
  const sample = await db
    .insertInto('samples')
    .values({ owner_id: ownerId, workspace_id: await workspaceOf(db, ownerId), name: `${name} sample` })
    .returning('id')
    .executeTakeFirstOrThrow();
  const sequence = await db
    .insertInto('sequences')
    .values({ owner_id: ownerId, workspace_id: await workspaceOf(db, ownerId), name, state: 'FINISHED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const draft = await db
    .insertInto('drafts')
    .values({
      owner_id: ownerId,
      workspace_id: await workspaceOf(db, ownerId),
      sequence_id: sequence.id,
      sample_id: sample.id,
      vial: 1,
      injections_count: measurementIds.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const injectionIds: number[] = [];
  for (const [index, measurementId] of measurementIds.entries()) {
    const injection = await db
      .insertInto('injections')
      .values({
        owner_id: ownerId,
        workspace_id: await workspaceOf(db, ownerId),
        sequence_id: sequence.id,
        draft_id: draft.id,
        sample_id: sample.id,
        replicate: index + 1,
        vial: 1,
        state: 'finished',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    injectionIds.push(injection.id);
    await db
      .updateTable('measurements')
      .set({ injection_id: injection.id, sample_id: sample.id })
      .where('id', '=', measurementId)
      .execute();
  }
  return { sampleId: sample.id, sequenceId: sequence.id, injectionIds };
}
