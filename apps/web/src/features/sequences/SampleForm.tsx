// A new sample, blank or standard, or changes to one not injected yet: instrument, method and the installed
// column; analytes for a standard. The server refuses changes to an injected one with its catalogue message.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { AnalytesEditor, emptyAnalyte } from './AnalytesEditor.tsx';
import type { AnalyteValues } from '@eluent/contracts';
import { createSample, fetchChoices, updateSample, type Sample } from './sequencesApi.ts';

function analyteValues(sample: Sample | undefined): AnalyteValues[] {
  if (!sample?.analytes?.length) return [emptyAnalyte()];
  return sample.analytes.map(({ id: _id, ...values }) => values);
}

export function SampleForm({ onDone, editing }: { onDone: () => void; editing?: Sample }) {
  const queryClient = useQueryClient();
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const [type, setType] = useState<Sample['type']>(editing?.type ?? 'sample');
  const [name, setName] = useState(editing?.name ?? '');
  const [deviceId, setDeviceId] = useState(editing?.device_id ? String(editing.device_id) : '');
  const [methodId, setMethodId] = useState(editing?.method_id ? String(editing.method_id) : '');
  const [column, setColumn] = useState<string | null>(editing?.column_name ?? null);
  const [analytes, setAnalytes] = useState<AnalyteValues[]>(analyteValues(editing));
  const devices = choices.data?.devices ?? [];
  const device = devices.find((d) => String(d.id) === deviceId) ?? devices[0];
  const columnName = column ?? device?.installed_column?.name ?? '';
  const create = useMutation({
    mutationFn: (body: Parameters<typeof createSample>[0]) =>
      editing ? updateSample(editing.id, body) : createSample(body),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: ['samples'] });
      const kind = saved.type === 'standard' ? 'Standard' : 'Sample';
      notifySuccess(`${kind} “${saved.name}” ${editing ? 'saved' : 'created'}`);
      onDone();
    },
    onError: (error) => notifyError(error.message),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim(),
      type,
      device_id: device?.id ?? null,
      method_id: methodId ? Number(methodId) : (choices.data?.methods[0]?.id ?? null),
      column_name: columnName,
      ...(type === 'standard' ? { analytes: analytes.filter((a) => a.analyte.trim() !== '') } : {}),
    });
  };
  return (
    <form
      className="card sequence-form"
      onSubmit={submit}
      aria-label={editing ? `Edit ${editing.name}` : 'New sample'}
    >
      <h2>{editing ? `Edit ${editing.name}` : `New ${type}`}</h2>
      <div className="segmented" role="group" aria-label="Kind">
        {(['sample', 'standard', 'blank'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            aria-pressed={type === kind}
            // A standard stays a standard (and a sample a sample or blank): they are kept apart by the API.
            disabled={editing !== undefined && (editing.type === 'standard') !== (kind === 'standard')}
            onClick={() => setType(kind)}
          >
            {kind[0]!.toUpperCase() + kind.slice(1)}
          </button>
        ))}
      </div>
      <div className="form-grid sequence-form__grid">
        <div className="field">
          <label htmlFor="sample-name">Name</label>
          <input id="sample-name" required value={name} onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="sample-device">Instrument</label>
          <select id="sample-device" value={deviceId} onChange={(event) => setDeviceId(event.target.value)}>
            {devices.map((item) => (
              <option key={item.id} value={item.id}>
                {item.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sample-method">Method</label>
          <select id="sample-method" value={methodId} onChange={(event) => setMethodId(event.target.value)}>
            {choices.data?.methods.map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="sample-column">Column</label>
          <input id="sample-column" value={columnName} onChange={(event) => setColumn(event.target.value)} />
        </div>
      </div>
      {type === 'standard' && <AnalytesEditor analytes={analytes} onChange={setAnalytes} />}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={create.isPending}>
          <Icon name={editing ? 'save' : 'add'} /> {editing ? 'Save' : `Create ${type}`}
        </button>
      </div>
    </form>
  );
}
