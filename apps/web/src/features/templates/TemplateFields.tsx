// The editor's inputs: a labelled text input or select bound to the form values, validated on input and blur.
import { useId, type ReactNode } from 'react';
import { Tooltip } from '../../components/Tooltip.tsx';
import type { FormValues } from '../methods/useFormValues.ts';

export function TextField({
  form,
  name,
  label,
  multiline,
  hint,
  placeholder,
  tooltip,
}: {
  form: FormValues;
  name: string;
  label: string;
  multiline?: boolean;
  hint?: string;
  /** Shown while the field is empty, e.g. the value an empty field stands for. */
  placeholder?: string;
  /** What the field is called in other chromatography data systems, on the label's tooltip. */
  tooltip?: string;
}) {
  const id = useId();
  const error = form.errors[name] ?? null;
  const common = {
    id,
    name,
    value: form.values[name] ?? '',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error || hint ? `${id}-error` : undefined,
    placeholder,
    onBlur: () => form.blur(name),
  };
  return (
    <div className={`field ${error ? 'field--error' : ''}`}>
      {tooltip ? (
        <Tooltip content={tooltip}>
          <label htmlFor={id}>{label}</label>
        </Tooltip>
      ) : (
        <label htmlFor={id}>{label}</label>
      )}
      {multiline ? (
        <textarea
          {...common}
          rows={3}
          className="mono"
          onChange={(event) => form.set(name, event.target.value)}
        />
      ) : (
        <input {...common} onChange={(event) => form.set(name, event.target.value)} />
      )}
      <div className="field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? hint ?? ''}
      </div>
    </div>
  );
}

export function SelectField({
  form,
  name,
  label,
  children,
}: {
  form: FormValues;
  name: string;
  label: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={form.values[name] ?? ''}
        onChange={(event) => form.set(name, event.target.value)}
      >
        {children}
      </select>
    </div>
  );
}

/** A yes/no setting stored as `'true'` or `''` in the form values. */
export function CheckField({
  form,
  name,
  label,
  tooltip,
}: {
  form: FormValues;
  name: string;
  label: string;
  tooltip: string;
}) {
  const id = useId();
  return (
    <div className="field field--check">
      <Tooltip content={tooltip}>
        <label htmlFor={id}>
          <input
            id={id}
            type="checkbox"
            checked={form.values[name] === 'true'}
            onChange={(event) => form.set(name, event.target.checked ? 'true' : '')}
          />{' '}
          {label}
        </label>
      </Tooltip>
    </div>
  );
}
