// Manual integration through the public API: each edit needs a reason, makes a 'manual' result derived
// from the edited one beside the automatic result, recomputes areas on the stored signal, and is audited.
import {
  domainErrors,
  domainErrorText,
  formatFigure,
  integrationPreviewSchema,
  processingResultSchema,
  resultVersionsSchema,
  type DomainErrorCode,
} from '@eluent/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, request, signUp, startTestServer, type TestServer } from '../../../test/harness.ts';
import { createTemplate, syntheticCsv, upload } from '../../../test/results-fixtures.ts';

describe.each(await backends())('manual integration on $name', (backend) => {
  let server: TestServer;
  let base: string;
  let token: string;
  let measurementId: number;
  let automatic: any;

  beforeAll(async () => {
    server = await startTestServer({ backend });
    base = server.baseUrl;
    token = (await signUp(base)).access;
    const template = await createTemplate(base, token, 'Three peaks', { peak_detection_min_prominence: 5 });
    const imported = await upload(base, token, 'three-peaks.csv', syntheticCsv(), template);
    measurementId = imported.body.measurement_id;
    automatic = (await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token })).body
      .results[0];
    expect(automatic.peaks).toHaveLength(3);
  });
  afterAll(async () => server?.dispose());

  const edit = (resultId: number, body: Record<string, unknown>, as = token) =>
    request(base, 'POST', `/api/results/${resultId}/integration/`, { token: as, body });

  async function auditOf(resultId: number) {
    return server.context.database.db
      .selectFrom('auditEvents')
      .selectAll()
      .where('entity', '=', 'processing_results')
      .where('entity_id', '=', String(resultId))
      .execute();
  }

  it('refuses an edit without a reason and writes nothing', async () => {
    for (const reason of [undefined, '', '   ']) {
      const refused = await edit(automatic.id, { operation: 'delete', peak_number: 1, reason });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({
        code: 'integration_reason_required',
        detail: domainErrors.integration_reason_required,
      });
    }
    const list = await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token });
    expect(list.body.results).toHaveLength(1);
    // The answer is what the REST schema of packages/contracts (the web app's type) says it is.
    expect(resultVersionsSchema.strict().safeParse(list.body).error).toBeUndefined();
  });

  it('moves a peak end: smaller area, kept beside the automatic result, audited with the reason', async () => {
    const peak = automatic.peaks[1];
    const moved = await edit(automatic.id, {
      operation: 'move',
      peak_number: 2,
      end_sec: peak.retention_time_sec + 5,
      reason: 'Tail cut by a co-eluting impurity',
    });
    expect(moved.status).toBe(201);
    expect(moved.body).toMatchObject({ kind: 'manual', parent_result_id: automatic.id, version: 2 });
    expect(moved.body.reason).toBe('Tail cut by a co-eluting impurity');
    const newPeak = moved.body.peaks[1];
    expect(newPeak.end_sec).toBeCloseTo(peak.retention_time_sec + 5, 6);
    expect(newPeak.area).toBeLessThan(peak.area * 0.8);
    expect(newPeak.area).toBeGreaterThan(peak.area * 0.3);
    expect(moved.body.peaks[0].area).toBeCloseTo(automatic.peaks[0].area, 6);

    const list = await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token });
    expect(list.body.results.map((r: any) => r.kind)).toEqual(['automatic', 'manual']);
    expect(list.body.results[0].peaks).toEqual(automatic.peaks);
    expect(list.body.current_result_id).toBe(moved.body.id);

    const [event] = await auditOf(moved.body.id);
    expect(event).toMatchObject({ action: 'integration_move', reason: 'Tail cut by a co-eluting impurity' });
    expect((event!.old_values as any).peaks).toEqual([expect.objectContaining({ end_sec: peak.end_sec })]);
    expect((event!.new_values as any).peaks).toEqual([expect.objectContaining({ area: newPeak.area })]);

    // Read as a chromatographer says it: the number the analyst saw, minutes and areas in the figure rules.
    const trail = await request(base, 'GET', `/api/audit/measurements/${measurementId}/`, { token });
    const entry = (trail.body.entries as Array<{ action: string; summary: string }>).find(
      (e) => e.action === 'integration_move',
    );
    const minutes = (sec: number) => formatFigure(sec / 60);
    expect(entry?.summary).toBe(
      `Peak 2: end ${minutes(peak.end_sec)} → ${minutes(newPeak.end_sec)} min, area ${formatFigure(peak.area)} → ${formatFigure(newPeak.area)} mAU·s — reason: Tail cut by a co-eluting impurity`,
    );
  });

  it('splits a peak into two halves whose areas add up, and merges them back', async () => {
    const peak = automatic.peaks[1];
    const split = await edit(automatic.id, {
      operation: 'split',
      peak_number: 2,
      at_sec: peak.retention_time_sec,
      reason: 'Shoulder',
    });
    expect(split.status).toBe(201);
    expect(split.body.peaks).toHaveLength(4);
    const [left, right] = [split.body.peaks[1], split.body.peaks[2]];
    expect(left.end_sec).toBe(right.start_sec);
    expect(left.area + right.area).toBeCloseTo(peak.area, 3);
    expect((await auditOf(split.body.id))[0]!.action).toBe('integration_split');

    const merged = await edit(split.body.id, {
      operation: 'merge',
      peak_numbers: [2, 3],
      reason: 'One compound',
    });
    expect(merged.status).toBe(201);
    expect(merged.body.parent_result_id).toBe(split.body.id);
    expect(merged.body.peaks).toHaveLength(3);
    expect(merged.body.peaks[1].area).toBeCloseTo(peak.area, 3);
    expect((await auditOf(merged.body.id))[0]!.action).toBe('integration_merge');
  });

  it('deletes a peak and adds it again by hand', async () => {
    const third = automatic.peaks[2];
    const deleted = await edit(automatic.id, { operation: 'delete', peak_number: 3, reason: 'Ghost peak' });
    expect(deleted.status).toBe(201);
    expect(deleted.body.peaks).toHaveLength(2);
    expect(deleted.body.peaks[0].area_percent + deleted.body.peaks[1].area_percent).toBeCloseTo(100, 6);
    expect((await auditOf(deleted.body.id))[0]!.action).toBe('integration_delete');

    const added = await edit(deleted.body.id, {
      operation: 'add',
      start_sec: third.start_sec,
      end_sec: third.end_sec,
      reason: 'Peak is real after all',
    });
    expect(added.status).toBe(201);
    expect(added.body.peaks).toHaveLength(3);
    expect(added.body.peaks[2].retention_time_sec).toBeCloseTo(third.retention_time_sec, 0);
    expect(Math.abs(added.body.peaks[2].area - third.area)).toBeLessThan(0.05 * third.area);
    expect((await auditOf(added.body.id))[0]!.action).toBe('integration_add');
  });

  it('answers each refused edit with its precise message', async () => {
    const cases: Array<[Record<string, unknown>, DomainErrorCode, Record<string, string | number>]> = [
      [{ operation: 'delete', peak_number: 9 }, 'integration_peak_not_found', { peak: 9 }],
      [{ operation: 'split', peak_number: 1, at_sec: 250 }, 'integration_split_outside', { peak: 1 }],
      [{ operation: 'merge', peak_numbers: [1, 3] }, 'integration_merge_not_adjacent', { peak: 3, other: 1 }],
      [{ operation: 'add', start_sec: 95, end_sec: 105 }, 'integration_overlap', { peak: 2 }],
      [
        { operation: 'move', peak_number: 3, end_sec: 400 },
        'integration_outside_signal',
        { first: '0.00', last: '5.00' },
      ],
      [{ operation: 'move', peak_number: 1, start_sec: 1000 }, 'integration_start_after_end', {}],
      [{ operation: 'add', start_sec: 250.05, end_sec: 250.15 }, 'integration_too_narrow', {}],
    ];
    for (const [body, code, values] of cases) {
      const refused = await edit(automatic.id, { ...body, reason: 'Try' });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body).toEqual({ code, detail: domainErrorText(code, values) });
    }
    expect(domainErrorText('integration_overlap', { peak: 2 })).toBe('The new limits overlap peak 2.');
    const unknown = await edit(automatic.id, { operation: 'stretch', reason: 'Try' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('invalid');
    const stranger = (await signUp(base)).access;
    const foreign = await edit(
      automatic.id,
      { operation: 'delete', peak_number: 1, reason: 'Mine' },
      stranger,
    );
    expect(foreign.body).toEqual({ code: 'result_not_found', detail: domainErrors.result_not_found });
  });

  it('saves a batch with one reason as one version and one audit entry, previewed first', async () => {
    const edits = [
      { operation: 'delete', peak_number: 3 },
      { operation: 'move', peak_number: 2, end_sec: automatic.peaks[1].retention_time_sec + 5 },
      { operation: 'move', peak_number: 1, baseline_start: 2 },
    ];
    const before = (await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token }))
      .body;
    const preview = await request(base, 'POST', `/api/results/${automatic.id}/integration/preview/`, {
      token,
      body: { edits },
    });
    expect(preview.status).toBe(200);
    expect(integrationPreviewSchema.strict().safeParse(preview.body).error).toBeUndefined();
    expect(preview.body.peaks).toHaveLength(2);
    expect(preview.body.peaks[0].baseline_start).toBe(2);
    expect(preview.body.peaks[1].area).toBeLessThan(automatic.peaks[1].area * 0.8);
    // A preview stores nothing.
    const unchanged = (await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token }))
      .body;
    expect(unchanged.results).toHaveLength(before.results.length);

    const saved = await request(base, 'POST', `/api/results/${automatic.id}/integration/batch/`, {
      token,
      body: { edits, reason: 'Noise removed, tail cut, baseline lifted' },
    });
    expect(saved.status).toBe(201);
    expect(processingResultSchema.strict().safeParse(saved.body).error).toBeUndefined();
    expect(saved.body.peaks.map((p: any) => p.area)).toEqual(preview.body.peaks.map((p: any) => p.area));
    const events = await auditOf(saved.body.id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      action: 'integration_batch',
      reason: 'Noise removed, tail cut, baseline lifted',
    });
    expect((events[0]!.new_values as any).changes).toEqual(edits);
    expect((events[0]!.old_values as any).peaks).toHaveLength(3);
  });

  it('refuses a whole batch when one change is refused, naming the change', async () => {
    const before = (await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token }))
      .body;
    const refused = await request(base, 'POST', `/api/results/${automatic.id}/integration/batch/`, {
      token,
      body: {
        reason: 'Two changes',
        edits: [
          { operation: 'delete', peak_number: 1 },
          { operation: 'move', peak_number: 2, start_sec: automatic.peaks[0].end_sec - 20 },
        ],
      },
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'integration_overlap',
      detail: domainErrorText('integration_overlap', { peak: 1 }),
      change: 2,
    });
    const empty = await request(base, 'POST', `/api/results/${automatic.id}/integration/batch/`, {
      token,
      body: { reason: 'Nothing', edits: [] },
    });
    expect(empty.body).toEqual({
      code: 'integration_no_changes',
      detail: domainErrors.integration_no_changes,
    });
    const noReason = await request(base, 'POST', `/api/results/${automatic.id}/integration/batch/`, {
      token,
      body: { edits: [{ operation: 'delete', peak_number: 1 }] },
    });
    expect(noReason.body.code).toBe('integration_reason_required');
    const after = (await request(base, 'GET', `/api/measurements/${measurementId}/results/`, { token })).body;
    expect(after.results).toHaveLength(before.results.length);
  });
});
