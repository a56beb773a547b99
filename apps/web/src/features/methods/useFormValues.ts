// Form state for many fields at once, validated on input and blur (spec §5), first failed rule wins.
import { useCallback, useState } from 'react';
import { validate, type Rule } from '../../lib/validation.ts';

export type Check = (key: string, value: string, values: Record<string, string>) => string | null;

export function useFormValues(
  initial: Record<string, string>,
  rulesOf: (key: string) => readonly Rule[],
  extraCheck?: Check,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string | null>>({});
  const check = useCallback(
    (key: string, value: string, all: Record<string, string>) =>
      validate(value, rulesOf(key)) ?? extraCheck?.(key, value, all) ?? null,
    [rulesOf, extraCheck],
  );
  return {
    values,
    errors,
    set: (key: string, value: string) => {
      const next = { ...values, [key]: value };
      setValues(next);
      setErrors((current) => ({ ...current, [key]: check(key, value, next) }));
    },
    /** Sets one field and checks it and `dependents` again (their rules depend on it, e.g. the instrument). */
    setAndRecheck: (key: string, value: string, dependents: readonly string[]) => {
      const next = { ...values, [key]: value };
      setValues(next);
      setErrors((current) => {
        const updated = { ...current, [key]: check(key, value, next) };
        for (const dependent of dependents) {
          if ((next[dependent] ?? '') !== '' || current[dependent])
            updated[dependent] = check(dependent, next[dependent] ?? '', next);
        }
        return updated;
      });
    },
    blur: (key: string) =>
      setErrors((current) => ({ ...current, [key]: check(key, values[key] ?? '', values) })),
    /** Validates every field (on submit); true when all pass. */
    checkAll: () => {
      const next: Record<string, string | null> = {};
      for (const key of Object.keys(values)) next[key] = check(key, values[key] ?? '', values);
      setErrors(next);
      return Object.values(next).every((error) => error === null);
    },
    replace: (next: Record<string, string>) => {
      setValues(next);
      setErrors({});
    },
  };
}

export type FormValues = ReturnType<typeof useFormValues>;
