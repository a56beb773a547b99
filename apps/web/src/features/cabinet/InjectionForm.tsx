// A single injection from the instrument page: a stored method on a vial, with the sample it is (optional,
// then the measurement is named after it) and the template its chromatogram is processed with when it
// arrives (optional: the automatic default). The server builds what the instrument runs from the method.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { notifySuccess } from '../../lib/toast.ts';
import { fetchAllSamples, fetchChoices } from '../sequences/sequencesApi.ts';
import { runInjection, type DeviceDetails } from './deviceCommands.ts';
import { checkInjection, vialsOf } from './injectionForm.ts';

interface InjectionFormProps {
  device: DeviceDetails;
  /** The instrument can take an injection now (idle, not equilibrating or purging, pump on). */
  ready: boolean;
  /** What an idle instrument is busy with instead ("Equilibrating, 3 min left"), shown beside Inject. */
  waiting?: string | null;
  onStarted: () => void;
}

export function InjectionForm({ device, ready, waiting = null, onStarted }: InjectionFormProps) {
  const choices = useQuery({ queryKey: ['sequence-choices'], queryFn: fetchChoices });
  const samples = useQuery({ queryKey: ['samples-all'], queryFn: fetchAllSamples });
  const [methodId, setMethodId] = useState('');
  const [sampleId, setSampleId] = useState('');
  const [templateUuid, setTemplateUuid] = useState('');
  const [vial, setVial] = useState('1');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const vials = vialsOf(device);
  // Samples prepared for another instrument are not injected here (the server says so too).
  const usable = (samples.data ?? []).filter(
    (sample) => sample.device_id === null || sample.device_id === device.id,
  );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = checkInjection(methodId, vial, vials);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const started = await runInjection(device.id, {
        method_id: Number(methodId),
        vial: Number(vial),
        ...(sampleId !== '' ? { sample_id: Number(sampleId) } : {}),
        ...(templateUuid !== '' ? { template_uuid: templateUuid } : {}),
      });
      notifySuccess(`Injection started: measurement #${started.measurement_id}.`);
      onStarted();
    } catch (error) {
      setFailure((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="device-form"
      aria-label="Single injection"
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {failure && <ErrorAlert>{failure}</ErrorAlert>}
      <div className="device-form__row">
        <ChoiceField
          id="injection-method"
          label="Method"
          value={methodId}
          onChange={setMethodId}
          empty="Choose a method"
          options={(choices.data?.methods ?? []).map((method) => [String(method.id), method.name])}
          error={errors.method}
        />
        <div className={`field ${errors.vial ? 'field--error' : ''}`}>
          <label htmlFor="injection-vial">Vial</label>
          <input
            id="injection-vial"
            type="number"
            min={1}
            max={vials ?? undefined}
            inputMode="numeric"
            value={vial}
            aria-invalid={errors.vial ? true : undefined}
            onChange={(event) => setVial(event.target.value)}
          />
          <div className="field__error" role={errors.vial ? 'alert' : undefined}>
            {errors.vial ?? ''}
          </div>
        </div>
        <ChoiceField
          id="injection-sample"
          label="Sample"
          value={sampleId}
          onChange={setSampleId}
          empty="None (named after the method)"
          options={usable.map((sample) => [String(sample.id), sample.name])}
        />
        <ChoiceField
          id="injection-template"
          label="Processing template"
          value={templateUuid}
          onChange={setTemplateUuid}
          empty="Automatic (default)"
          options={(choices.data?.templates ?? []).map((template) => [template.uuid, template.name])}
        />
      </div>
      <button type="submit" className="button button--small" disabled={busy || !ready}>
        <Icon name="play_arrow" /> Inject
      </button>
      {!ready && waiting && (
        <p className="field__hint" role="note">
          The instrument is not ready: {waiting}.
        </p>
      )}
    </form>
  );
}

interface ChoiceFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The first option's text: no choice made. */
  empty: string;
  /** `[value, text]` of each option after the empty one. */
  options: readonly (readonly [string, string])[];
  error?: string;
}

/** A labelled select with the error line under it (empty when the choice is fine or optional). */
function ChoiceField({ id, label, value, onChange, empty, options, error }: ChoiceFieldProps) {
  return (
    <div className={error ? 'field field--error' : 'field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        aria-invalid={error ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{empty}</option>
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
      <div className="field__error" role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
