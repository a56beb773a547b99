// Every field the audit trail can show has a readable label: each column of the tables written through
// GraphQL and each field of the REST bodies, so a new column without a label fails here.
import {
  draftInputSchema,
  sampleInputSchema,
  sequenceInputSchema,
  standardInputSchema,
} from '@eluent/contracts';
import { describe, expect, it } from 'vitest';
import { tables } from '../../repositories/graphql/tables.ts';
import { changesOf, formatValue } from './describe.ts';
import { fieldLabels, hiddenFields } from './labels.ts';

describe('audit field labels', () => {
  it('name every column of each audited GraphQL table', () => {
    const audited = tables.filter((table) => table.audited);
    expect(audited.map((table) => table.name)).toEqual(
      expect.arrayContaining(['methods', 'postprocessingTemplates', 'devices', 'peaks', 'measurements']),
    );
    for (const table of audited) {
      const missing = table.columns
        .map((column) => column.name)
        .filter((name) => !hiddenFields.has(name) && !fieldLabels[table.name]?.[name]);
      expect(missing, table.name).toEqual([]);
    }
  });

  it('name every field of the REST bodies of samples, standards, sequences and their rows', () => {
    const bodies = [
      ['samples', sampleInputSchema],
      ['samples', standardInputSchema],
      ['sequences', sequenceInputSchema],
      ['drafts', draftInputSchema],
    ] as const;
    for (const [entity, schema] of bodies) {
      const missing = Object.keys(schema.shape).filter((name) => !fieldLabels[entity]?.[name]);
      expect(missing, entity).toEqual([]);
    }
  });
});

describe('readable changes', () => {
  it('lists the fields an update changed, with labels and formatted values', () => {
    expect(
      changesOf(
        'drafts',
        { id: 4, vial: 3, injections_count: 1, enabled: true, locked: false },
        { vial: 3, injections_count: 2, enabled: false },
      ),
    ).toEqual([
      { field: 'injections_count', label: 'Injections', old: '1', new: '2' },
      { field: 'enabled', label: 'Enabled', old: 'yes', new: 'no' },
    ]);
  });

  it('reads a stored error code as the catalogue message, never as the code', () => {
    expect(
      changesOf(
        'sequences',
        { state: 'RUNNING' },
        { state: 'ERROR', error_code: 'device_method_not_configured' },
      ),
    ).toEqual([
      { field: 'state', label: 'State', old: 'RUNNING', new: 'ERROR' },
      {
        field: 'error_code',
        label: 'Error',
        old: null,
        new: 'Method is not configured or is incompatible with the device.',
      },
    ]);
    expect(changesOf('injections', null, { error_code: 'device_error_202' })).toEqual([
      { field: 'error_code', label: 'Error', old: null, new: 'Wi-Fi connection failed.' },
    ]);
  });

  it('lists what a creation wrote and what a deletion removed, without ids and stamps', () => {
    expect(changesOf('sequences', null, { id: 9, name: 'Batch', method_id: null, created_at: 'x' })).toEqual([
      { field: 'name', label: 'Name', old: null, new: 'Batch' },
    ]);
    expect(changesOf('samples', { id: 2, name: 'Tea', type: 'sample' }, null)).toEqual([
      { field: 'name', label: 'Name', old: 'Tea', new: null },
      { field: 'type', label: 'Type', old: 'sample', new: null },
    ]);
  });

  it('formats lists, objects and long values for reading', () => {
    expect(formatValue([3, 1, 2])).toBe('3, 1, 2');
    expect(formatValue({ name: 'C18' })).toBe('{"name":"C18"}');
    expect(formatValue(Array.from({ length: 200 }, () => ({ a: 1 })))).toHaveLength(300);
    expect(changesOf('sequences', [1, 2], [2, 1])).toEqual([
      { field: 'value', label: 'Row order', old: '1, 2', new: '2, 1' },
    ]);
  });
});
