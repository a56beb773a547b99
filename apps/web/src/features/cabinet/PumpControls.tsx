// Pump on/off, purge, equilibration and the setpoints (flow, %B, column temperature) of an idle instrument,
// each checked on input against the instrument's limits with the message the server would answer with.
import { useState, type FormEvent } from 'react';
import { hardwareConfigurationSchema, setpointLimits, type SetpointLimits } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import {
  CommandError,
  equilibrate,
  purge,
  setPump,
  setSetpoints,
  type DeviceDetails,
} from './deviceCommands.ts';
import type { DeviceLive } from './deviceEvents.ts';
import { readSetpoints, type SetpointField, type SetpointTexts } from './setpointForm.ts';

const ACTIVITY_TEXT = { purging: 'Purging', equilibrating: 'Equilibrating' } as const;

function limitsOf(device: DeviceDetails): SetpointLimits {
  const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
  return setpointLimits(hardware.success ? hardware.data : []);
}

function rangeHint(min: number | null, max: number | null, unit: string): string {
  if (min !== null && max !== null) return `${min}–${max} ${unit}`;
  if (max !== null) return `up to ${max} ${unit}`;
  return unit;
}

interface PumpControlsProps {
  device: DeviceDetails;
  live: DeviceLive;
  /** The role may command the instrument; otherwise only the state is shown. */
  canCommand: boolean;
}

export function PumpControls({ device, live, canCommand }: PumpControlsProps) {
  const limits = limitsOf(device);
  const [busy, setBusy] = useState(false);
  const idle = live.state === 'idle';
  const held = live.setpoints ?? device.live?.setpoints ?? null;
  const pumpOn = live.pumpOn ?? device.live?.pump_on ?? null;
  const [texts, setTexts] = useState<SetpointTexts>({
    flow_ml_per_min: '',
    percent_b: '',
    temperature_c: '',
  });
  const [errors, setErrors] = useState<Partial<Record<SetpointField, string>>>({});

  const send = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notifySuccess(done);
      return true;
    } catch (error) {
      notifyError((error as Error).message);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const edit = (field: SetpointField, value: string) => {
    const next = { ...texts, [field]: value };
    setTexts(next);
    setErrors(readSetpoints(next, limits).errors);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const read = readSetpoints(texts, limits);
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0 || Object.keys(read.values).length === 0) return;
    setBusy(true);
    try {
      await setSetpoints(device.id, read.values);
      notifySuccess('Setpoints sent.');
      setTexts({ flow_ml_per_min: '', percent_b: '', temperature_c: '' });
    } catch (error) {
      const fields = error instanceof CommandError ? error.fields : {};
      const named = Object.fromEntries(
        Object.entries(fields).map(([field, messages]) => [field, messages.join(' ')]),
      );
      setErrors(named);
      if (Object.keys(named).length === 0) notifyError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: SetpointField, label: string, hint: string, placeholder: number | undefined) => (
    <div className={`field ${errors[name] ? 'field--error' : ''}`}>
      <label htmlFor={`setpoint-${name}`}>{label}</label>
      <input
        id={`setpoint-${name}`}
        name={name}
        type="number"
        step="any"
        inputMode="decimal"
        value={texts[name]}
        placeholder={placeholder === undefined ? '' : String(placeholder)}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={`setpoint-${name}-hint setpoint-${name}-error`}
        onChange={(event) => edit(name, event.target.value)}
        disabled={!idle}
      />
      <div className="field__hint" id={`setpoint-${name}-hint`}>
        {hint}
      </div>
      <div className="field__error" id={`setpoint-${name}-error`} role={errors[name] ? 'alert' : undefined}>
        {errors[name] ?? ''}
      </div>
    </div>
  );

  return (
    <div className="pump-controls">
      <p className="pump-controls__state" role="status" aria-label="Pump">
        Pump {pumpOn === null ? '—' : pumpOn ? 'on' : 'off'}
        {live.activity &&
          ` · ${ACTIVITY_TEXT[live.activity]}${
            live.activityRemainingSec !== null
              ? `, ${Math.ceil(live.activityRemainingSec / 60)} min left`
              : ''
          }`}
        {held && ` · holds ${held.flow_ml_per_min} mL/min, ${held.percent_b} %B, ${held.temperature_c} °C`}
      </p>
      {canCommand && (
        <>
          <div className="device-page__controls" role="group" aria-label="Pump controls">
            <button
              type="button"
              className="button button--small button--secondary"
              aria-pressed={pumpOn === true}
              disabled={busy || !idle}
              onClick={() => void send(() => setPump(device.id, !pumpOn), pumpOn ? 'Pump off.' : 'Pump on.')}
            >
              <Icon name="power_settings_new" /> {pumpOn ? 'Pump off' : 'Pump on'}
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={busy || !idle || live.activity === 'purging'}
              onClick={() => void send(() => purge(device.id), 'Purging.')}
            >
              <Icon name="opacity" /> Purge
            </button>
            <button
              type="button"
              className="button button--small button--secondary"
              disabled={busy || !idle || live.activity !== null}
              onClick={() => void send(() => equilibrate(device.id, 10), 'Equilibrating: 10 column volumes.')}
            >
              <Icon name="hourglass_empty" /> Equilibrate
            </button>
          </div>
          <form
            className="device-form"
            aria-label="Setpoints"
            noValidate
            onSubmit={(event) => void submit(event)}
          >
            <div className="device-form__row">
              {field(
                'flow_ml_per_min',
                'Flow, mL/min',
                rangeHint(null, limits.maxFlowMlPerMin, 'mL/min'),
                held?.flow_ml_per_min,
              )}
              {field('percent_b', '%B', '0–100 %', held?.percent_b)}
              {field(
                'temperature_c',
                'Column temperature, °C',
                rangeHint(limits.minTemperatureC, limits.maxTemperatureC, '°C'),
                held?.temperature_c,
              )}
            </div>
            <button type="submit" className="button button--small" disabled={busy || !idle}>
              Set
            </button>
          </form>
        </>
      )}
    </div>
  );
}
