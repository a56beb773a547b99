// A single injection from the instrument page: a stored method on a vial, with the sample it is (optional,
// then the measurement is named after it) and the template its chromatogram is processed with when it
// arrives (optional: the automatic default). The server builds what the instrument runs from the method.
import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { formMessages, hardwareConfigurationSchema } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { notifySuccess } from '../../lib/toast.ts';
import { fetchAllSamples, fetchChoices } from '../sequences/sequencesApi.ts';
import { runInjection, type DeviceDetails } from './deviceCommands.ts';

function vialsOf(device: DeviceDetails): number | null {
  const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
  const vials = hardware.success
    ? hardware.data.find((part) => part.kind === 'autosampler')?.limits.vials
    : undefined;
  return typeof vials === 'number' ? vials : null;
}

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

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    if (methodId === '') found.method = formMessages.required;
    const number = Number(vial);
    if (vial.trim() === '') found.vial = formMessages.required;
    else if (!Number.isInteger(number) || number < 1) found.vial = formMessages.minValue(0);
    else if (vials !== null && number > vials) found.vial = formMessages.maxValue(vials + 1);
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check();
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
        <div className={`field ${errors.method ? 'field--error' : ''}`}>
          <label htmlFor="injection-method">Method</label>
          <select
            id="injection-method"
            value={methodId}
            aria-invalid={errors.method ? true : undefined}
            onChange={(event) => setMethodId(event.target.value)}
          >
            <option value="">Choose a method</option>
            {(choices.data?.methods ?? []).map((method) => (
              <option key={method.id} value={method.id}>
                {method.name}
              </option>
            ))}
          </select>
          <div className="field__error" role={errors.method ? 'alert' : undefined}>
            {errors.method ?? ''}
          </div>
        </div>
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
        <div className="field">
          <label htmlFor="injection-sample">Sample</label>
          <select
            id="injection-sample"
            value={sampleId}
            onChange={(event) => setSampleId(event.target.value)}
          >
            <option value="">None (named after the method)</option>
            {usable.map((sample) => (
              <option key={sample.id} value={sample.id}>
                {sample.name}
              </option>
            ))}
          </select>
          <div className="field__error" />
        </div>
        <div className="field">
          <label htmlFor="injection-template">Processing template</label>
          <select
            id="injection-template"
            value={templateUuid}
            onChange={(event) => setTemplateUuid(event.target.value)}
          >
            <option value="">Automatic (default)</option>
            {(choices.data?.templates ?? []).map((template) => (
              <option key={template.uuid} value={template.uuid}>
                {template.name}
              </option>
            ))}
          </select>
          <div className="field__error" />
        </div>
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
