// Sets the installed column: name, length, inner diameter and particle size.
import { useState, type FormEvent } from 'react';
import { Field, useField } from '../../components/Field.tsx';
import { rules } from '../../lib/validation.ts';
import { notifySuccess } from '../../lib/toast.ts';
import { setColumn, type DeviceDetails } from './deviceCommands.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';

interface ColumnFormProps {
  id: number;
  column: DeviceDetails['installed_column'];
  onSaved: () => void;
}

const positive = [rules.required, rules.minValue(0.001)];

export function ColumnForm({ id, column, onSaved }: ColumnFormProps) {
  const name = useField(column?.name ?? '', [rules.required]);
  const length = useField(String(column?.length_mm ?? ''), positive);
  const diameter = useField(String(column?.inner_diameter_mm ?? ''), positive);
  const particle = useField(String(column?.particle_size_um ?? ''), positive);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (![name, length, diameter, particle].map((field) => field.check()).every(Boolean)) return;
    setBusy(true);
    setError(null);
    try {
      await setColumn(id, {
        name: name.value.trim(),
        length_mm: Number(length.value),
        inner_diameter_mm: Number(diameter.value),
        particle_size_um: Number(particle.value),
      });
      notifySuccess('Column saved.');
      onSaved();
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="device-form" onSubmit={(event) => void submit(event)} noValidate aria-label="Column">
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Field label="Column name" name="column_name" field={name} />
      <div className="device-form__row">
        <Field label="Length, mm" name="length_mm" type="number" field={length} />
        <Field label="Inner diameter, mm" name="inner_diameter_mm" type="number" field={diameter} />
        <Field label="Particle size, µm" name="particle_size_um" type="number" field={particle} />
      </div>
      <button type="submit" className="button button--small" disabled={busy}>
        Set column
      </button>
    </form>
  );
}
