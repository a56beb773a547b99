// Pump on/off, purge, equilibration and the setpoints (flow, %B, column temperature) of an idle instrument,
// each checked on input against the instrument's limits with the message the server would answer with.
import { useState, type FormEvent } from 'react';
import {
  hardwareConfigurationSchema,
  setpointLimits,
  type HeldSetpoints,
  type SetpointLimits,
} from '@eluent/contracts';
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
import {
  fieldMessages,
  pumpStateText,
  rangeHint,
  readSetpoints,
  type SetpointField,
  type SetpointTexts,
} from './setpointForm.ts';

const NO_TEXTS: SetpointTexts = { flow_ml_per_min: '', percent_b: '', temperature_c: '' };

function limitsOf(device: DeviceDetails): SetpointLimits {
  const hardware = hardwareConfigurationSchema.safeParse(device.hardware_configuration);
  return setpointLimits(hardware.success ? hardware.data : []);
}

/** Runs one command with the buttons disabled meanwhile; says how it went in a toast. */
function useDeviceCommand() {
  const [busy, setBusy] = useState(false);
  const send = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return { busy, setBusy, send };
}

interface PumpControlsProps {
  device: DeviceDetails;
  live: DeviceLive;
  /** The role may command the instrument; otherwise only the state is shown. */
  canCommand: boolean;
}

export function PumpControls({ device, live, canCommand }: PumpControlsProps) {
  const command = useDeviceCommand();
  const idle = live.state === 'idle';
  const held = live.setpoints ?? device.live?.setpoints ?? null;
  const pumpOn = live.pumpOn ?? device.live?.pump_on ?? null;
  return (
    <div className="pump-controls">
      <p className="pump-controls__state" role="status" aria-label="Pump">
        {pumpStateText(pumpOn, live.activity, live.activityRemainingSec, held)}
      </p>
      {canCommand && (
        <>
          <PumpButtons device={device} live={live} pumpOn={pumpOn} command={command} />
          <SetpointsForm
            device={device}
            held={held}
            disabled={command.busy || !idle}
            inputsDisabled={!idle}
            setBusy={command.setBusy}
          />
        </>
      )}
    </div>
  );
}

interface PumpButtonsProps {
  device: DeviceDetails;
  live: DeviceLive;
  pumpOn: boolean | null;
  command: ReturnType<typeof useDeviceCommand>;
}

function PumpButtons({ device, live, pumpOn, command }: PumpButtonsProps) {
  const { busy, send } = command;
  const idle = live.state === 'idle';
  return (
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
  );
}

interface SetpointsFormProps {
  device: DeviceDetails;
  held: HeldSetpoints | null;
  /** Set is refused: a command is on its way or the instrument is not idle. */
  disabled: boolean;
  /** The instrument is not idle: setpoints cannot be typed. */
  inputsDisabled: boolean;
  setBusy: (busy: boolean) => void;
}

function SetpointsForm({ device, held, disabled, inputsDisabled, setBusy }: SetpointsFormProps) {
  const limits = limitsOf(device);
  const [texts, setTexts] = useState<SetpointTexts>(NO_TEXTS);
  const [errors, setErrors] = useState<Partial<Record<SetpointField, string>>>({});

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
      setTexts(NO_TEXTS);
    } catch (error) {
      const named = fieldMessages(error instanceof CommandError ? error.fields : {});
      setErrors(named);
      if (Object.keys(named).length === 0) notifyError((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const input = (name: SetpointField, label: string, hint: string) => (
    <SetpointInput
      name={name}
      label={label}
      hint={hint}
      placeholder={held?.[name]}
      value={texts[name]}
      error={errors[name]}
      disabled={inputsDisabled}
      onChange={(value) => edit(name, value)}
    />
  );

  return (
    <form className="device-form" aria-label="Setpoints" noValidate onSubmit={(event) => void submit(event)}>
      <div className="device-form__row">
        {input('flow_ml_per_min', 'Flow, mL/min', rangeHint(null, limits.maxFlowMlPerMin, 'mL/min'))}
        {input('percent_b', '%B', '0–100 %')}
        {input(
          'temperature_c',
          'Column temperature, °C',
          rangeHint(limits.minTemperatureC, limits.maxTemperatureC, '°C'),
        )}
      </div>
      <button type="submit" className="button button--small" disabled={disabled}>
        Set
      </button>
    </form>
  );
}

interface SetpointInputProps {
  name: SetpointField;
  label: string;
  hint: string;
  /** The value the instrument holds, shown until one is typed. */
  placeholder: number | undefined;
  value: string;
  error: string | undefined;
  disabled: boolean;
  onChange: (value: string) => void;
}

function SetpointInput(props: SetpointInputProps) {
  const { name, label, hint, placeholder, value, error, disabled, onChange } = props;
  return (
    <div className={`field ${error ? 'field--error' : ''}`}>
      <label htmlFor={`setpoint-${name}`}>{label}</label>
      <input
        id={`setpoint-${name}`}
        name={name}
        type="number"
        step="any"
        inputMode="decimal"
        value={value}
        placeholder={placeholder === undefined ? '' : String(placeholder)}
        aria-invalid={error ? true : undefined}
        aria-describedby={`setpoint-${name}-hint setpoint-${name}-error`}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
      />
      <div className="field__hint" id={`setpoint-${name}-hint`}>
        {hint}
      </div>
      <div className="field__error" id={`setpoint-${name}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}
