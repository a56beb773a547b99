// A new sequence on one of the user's instruments, with a default method and a processing template.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError } from '../../lib/toast.ts';
import { MethodChoiceField, TemplateChoiceField } from './SequenceChoiceFields.tsx';
import { createSequence, fetchChoices } from './sequencesApi.ts';

export function NewSequenceForm({ onCancel }: { onCancel: () => void }) {
  const navigate = useNavigate();
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const [name, setName] = useState('');
  const [deviceId, setDeviceId] = useState('');
  const [methodId, setMethodId] = useState('');
  const [templateUuid, setTemplateUuid] = useState('');
  const create = useMutation({
    mutationFn: createSequence,
    onSuccess: (sequence) => void navigate(`/app/sequences/${sequence.id}`),
    onError: (error) => notifyError(error.message),
  });
  const devices = choices.data?.devices ?? [];
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const device = Number(deviceId || devices[0]?.id);
    if (!name.trim() || !device) return;
    create.mutate({
      name: name.trim(),
      device_id: device,
      method_id: methodId ? Number(methodId) : null,
      template_uuid: templateUuid || null,
    });
  };
  return (
    <form className="card sequence-form" onSubmit={submit} aria-label="New sequence">
      <h2>New sequence</h2>
      <div className="form-grid">
        <div className="field">
          <label htmlFor="sequence-name">Name</label>
          <input
            id="sequence-name"
            required
            value={name}
            placeholder="e.g. Caffeine assay, batch 12"
            onChange={(event) => setName(event.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="sequence-device">Instrument</label>
          <select id="sequence-device" value={deviceId} onChange={(event) => setDeviceId(event.target.value)}>
            {devices.map((device) => (
              <option key={device.id} value={device.id}>
                {device.name} ({device.state})
              </option>
            ))}
          </select>
        </div>
        <MethodChoiceField
          id="sequence-method"
          label="Method"
          value={methodId}
          methods={choices.data?.methods ?? []}
          onChange={setMethodId}
        />
        <TemplateChoiceField
          id="sequence-template"
          value={templateUuid}
          templates={choices.data?.templates ?? []}
          onChange={setTemplateUuid}
        />
      </div>
      {devices.length === 0 && choices.isSuccess && (
        <p className="note">
          <Icon name="info" /> Add an instrument first: a sequence runs on one of your instruments.
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="button" disabled={create.isPending || devices.length === 0}>
          <Icon name="add" /> Create sequence
        </button>
      </div>
    </form>
  );
}
