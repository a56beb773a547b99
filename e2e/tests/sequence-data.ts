// A draft sequence made through the public API as the demo user: one sample on the first instrument and a
// row per vial, for the tests that edit the sequence table.
import { expect, type APIRequestContext } from '@playwright/test';
import { graphql } from './share-data.ts';

export interface DraftSequence {
  sequenceId: number;
  rowIds: number[];
}

export async function createDraftSequence(
  request: APIRequestContext,
  token: string,
  name: string,
  vials: number[],
): Promise<DraftSequence> {
  const headers = { Authorization: `Bearer ${token}` };
  const { devices, methods } = await graphql<{
    devices: { id: number; installed_column: { name?: string } | null }[];
    methods: { id: number }[];
  }>(request, token, '{ devices(order_by: {id: asc}) { id installed_column } methods(limit: 1) { id } }');
  const device = devices[0]!;
  const sample = await request.post('/api/samples/', {
    headers,
    data: {
      name,
      device_id: device.id,
      method_id: methods[0]!.id,
      column_name: device.installed_column?.name ?? '',
    },
  });
  expect(sample.ok(), await sample.text()).toBe(true);
  const sampleId = ((await sample.json()) as { id: number }).id;
  const created = await request.post('/api/sequences/', {
    headers,
    data: { name, device_id: device.id, method_id: methods[0]!.id, template_uuid: null },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const sequenceId = ((await created.json()) as { id: number }).id;
  const rowIds: number[] = [];
  for (const vial of vials) {
    const draft = await request.post(`/api/sequences/${sequenceId}/drafts/`, {
      headers,
      data: { sample_id: sampleId, vial, injections_count: 1, method_id: null, enabled: true },
    });
    expect(draft.ok(), await draft.text()).toBe(true);
    rowIds.push(((await draft.json()) as { id: number }).id);
  }
  return { sequenceId, rowIds };
}
