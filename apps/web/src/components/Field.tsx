// A labelled input validated on input and blur (spec §5), showing the first failed rule's message.
import { useId, useState, type InputHTMLAttributes } from 'react';
import { validate, type Rule } from '../lib/validation.ts';

export interface FieldState {
  value: string;
  error: string | null;
  touched: boolean;
}

export function useField(initial: string, fieldRules: readonly Rule[]) {
  const [state, setState] = useState<FieldState>({ value: initial, error: null, touched: false });
  return {
    ...state,
    rules: fieldRules,
    onInput: (value: string) => setState({ value, error: validate(value, fieldRules), touched: true }),
    onBlur: () =>
      setState((current) => ({ ...current, error: validate(current.value, fieldRules), touched: true })),
    /** Validates now (on submit); returns true when valid. */
    check: () => {
      const error = validate(state.value, fieldRules);
      setState((current) => ({ ...current, error, touched: true }));
      return error === null;
    },
    setServerError: (error: string | null) => setState((current) => ({ ...current, error })),
  };
}

type FieldProps = {
  label: string;
  field: ReturnType<typeof useField>;
  multiline?: boolean;
} & Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>;

export function Field({ label, field, multiline, ...inputProps }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    name: inputProps.name,
    value: field.value,
    'aria-invalid': field.error ? true : undefined,
    'aria-describedby': field.error ? errorId : undefined,
    onBlur: field.onBlur,
  };
  return (
    <div className={`field ${field.error ? 'field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={6} onChange={(event) => field.onInput(event.target.value)} />
      ) : (
        <input {...inputProps} {...common} onChange={(event) => field.onInput(event.target.value)} />
      )}
      <div className="field__error" id={errorId} role={field.error ? 'alert' : undefined}>
        {field.error ?? ''}
      </div>
    </div>
  );
}
