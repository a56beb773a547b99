// A new sample, blank or standard: instrument, method and the installed column; analytes for a standard.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { AnalytesEditor, emptyAnalyte } from './AnalytesEditor.tsx';
import type { AnalyteValues } from '@eluent/contracts';
import { createSample, fetchChoices, type Sample } from './sequencesApi.ts';

export function SampleForm({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const [type, setType] = useState<Sample['type']>('sample');
  const [name, setName] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [methodId, setMethodId] = useState('');
  const [column, setColumn] = useState<string | null>(null);
  const [analytes, setAnalytes] = useState<AnalyteValues[]>([emptyAnalyte()]);
  const devices = choices.data?.devices ?? [];
  const device = devices.find((d) => String(d.id) === deviceId) ?? devices[0];
  const columnName = column ?? device?.installed_column?.name ?? '';
  const create = useMutation({
    mutationFn: createSample,
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['samples'] });
      notifySuccess(`${created.type === 'standard' ? 'Standard' : 'Sample'} “${created.name}” created`);
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
    <form className="card sequence-form" onSubmit={submit} aria-label="New sample">
      <h2>New {type}</h2>
      <div className="segmented" role="group" aria-label="Kind">
        {(['sample', 'standard', 'blank'] as const).map((kind) => (
          <button key={kind} type="button" aria-pressed={type === kind} onClick={() => setType(kind)}>
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
          <Icon name="add" /> Create {type}
        </button>
      </div>
    </form>
  );
}
