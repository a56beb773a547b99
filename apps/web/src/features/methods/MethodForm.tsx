// Create a method, from scratch or as a copy of another (methods are immutable, so copying is how they change):
// written for one of the user's instruments, whose limits every field is checked against as it is typed.
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { allowedRange, domainErrors, limitedQuantities } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { fetchDevices } from '../cabinet/devicesApi.ts';
import { advancedFields, methodGroups, type MethodField } from './methodFields.ts';
import {
  INSTRUMENT_KEY,
  generalFields,
  limitsOf,
  methodCheck,
  methodRules,
  toFormStart,
  toNewMethod,
  type FormStart,
  type InstrumentChoice,
} from './methodForm.ts';
import { gradientValid, type GradientRow } from './gradientRows.ts';
import { GradientTable } from './GradientTable.tsx';
import { createMethod, fetchMethod } from './methodsApi.ts';
import { useFormValues, type FormValues } from './useFormValues.ts';
import './methods.css';
import { PageHead } from '../../components/PageHead.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { useCan } from '../workspaces/usePrivileges.ts';

/** The fields whose check depends on the chosen instrument. */
const limitedKeys = methodGroups
  .flatMap((group) => group.fields)
  .filter((field) => field.limit)
  .map((f) => f.key);

/** `hint`: what the chosen instrument allows ("at most 10 mL/min"), shown while the field is empty. */
function FormField({ field, form, hint }: { field: MethodField; form: FormValues; hint?: string }) {
  const id = useId();
  const error = form.errors[field.key] ?? null;
  const value = form.values[field.key] ?? '';
  const label = `${field.label}${field.unit ? `, ${field.unit}` : ''}`;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
    onBlur: () => form.blur(field.key),
  };
  return (
    <div className={`field ${error ? 'field--error' : ''} ${field.kind === 'json' ? 'field--wide' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {field.kind === 'boolean' ? (
        <select {...common} value={value} onChange={(event) => form.set(field.key, event.target.value)}>
          <option value="">—</option>
          <option value="true">Yes</option>
          <option value="false">No</option>
        </select>
      ) : field.kind === 'choice' ? (
        <select {...common} value={value} onChange={(event) => form.set(field.key, event.target.value)}>
          {field.options?.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      ) : field.kind === 'json' ? (
        <textarea
          {...common}
          rows={2}
          className="mono"
          value={value}
          onChange={(event) => form.set(field.key, event.target.value)}
        />
      ) : (
        <input
          {...common}
          placeholder={hint}
          inputMode={field.kind === 'text' ? undefined : 'decimal'}
          value={value}
          onChange={(event) => form.set(field.key, event.target.value)}
        />
      )}
      {field.help && <p className="field__hint">{field.help}</p>}
      <div className="field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}

function InstrumentField({ form, choices }: { form: FormValues; choices: InstrumentChoice[] }) {
  const id = useId();
  const selected = form.values[INSTRUMENT_KEY] ?? '';
  const limits = limitsOf(choices, selected);
  const shown = limitedQuantities.filter((quantity) => quantity !== 'refill_flow_rate_ml_per_min');
  return (
    <div className="field field--wide">
      <label htmlFor={id}>Instrument</label>
      <select
        id={id}
        aria-describedby={`${id}-limits`}
        value={selected}
        onChange={(event) => form.setAndRecheck(INSTRUMENT_KEY, event.target.value, limitedKeys)}
      >
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      <p className="method-limits" id={`${id}-limits`}>
        {Object.keys(limits).length === 0
          ? 'No hardware limits: the method is checked against the instrument when a run starts.'
          : `Limits: ${shown
              .flatMap((quantity) => {
                const limit = limits[quantity];
                return limit ? [`${limit.label.toLowerCase()} ${allowedRange(limit)}`] : [];
              })
              .join(' · ')}.`}
      </p>
    </div>
  );
}

function MethodFormBody({ start, sourceName }: { start: FormStart; sourceName?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { choices } = start;
  const extraCheck = useCallback(
    (key: string, value: string, all: Record<string, string>) =>
      methodCheck(limitsOf(choices, all[INSTRUMENT_KEY] ?? ''))(key, value),
    [choices],
  );
  const form = useFormValues(start.values, methodRules, extraCheck);
  const [gradient, setGradient] = useState<GradientRow[]>(start.gradient);
  const [submitted, setSubmitted] = useState(false);
  const create = useMutation({
    mutationFn: () => createMethod(toNewMethod(form.values, gradient, choices)),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['methods'] });
      notifySuccess('Method created');
      void navigate(`/app/methods/${created.id}`);
    },
    onError: (error) => notifyError(error.message),
  });
  const runTime = form.values.run_time_min ?? '';
  const limits = limitsOf(choices, form.values[INSTRUMENT_KEY] ?? '');
  const hintOf = (field: MethodField) => {
    const limit = field.limit ? limits[field.limit] : undefined;
    return limit ? allowedRange(limit) : undefined;
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        setSubmitted(true);
        const fieldsValid = form.checkAll();
        if (fieldsValid && gradientValid(gradient, runTime)) create.mutate();
      }}
    >
      <section className="card method-group">
        <h2>
          <Icon name="description" /> General
        </h2>
        {sourceName && <p className="note">Copied from “{sourceName}”. Change what differs, then create.</p>}
        <div className="form-grid">
          {generalFields.map((field) => (
            <FormField key={field.key} field={field} form={form} />
          ))}
          <InstrumentField form={form} choices={choices} />
        </div>
      </section>
      <div className="method-groups">
        {methodGroups.map((group) => (
          <section
            key={group.id}
            className={`card method-group ${group.id === 'pump' ? 'method-group--wide' : ''}`}
            aria-label={group.title}
          >
            <h2>
              <Icon name={group.icon} /> {group.title}
            </h2>
            {group.id === 'pump' && (
              <GradientTable
                rows={gradient}
                runTime={runTime}
                showErrors={submitted}
                onChange={setGradient}
              />
            )}
            <div className="form-grid">
              {group.fields.map((field) => (
                <FormField key={field.key} field={field} form={form} hint={hintOf(field)} />
              ))}
            </div>
          </section>
        ))}
      </div>
      <details className="card method-group method-advanced">
        <summary>Advanced: measurements and valve routine (JSON)</summary>
        <div className="form-grid">
          {advancedFields.map((field) => (
            <FormField key={field.key} field={field} form={form} />
          ))}
        </div>
      </details>
      <div className="form-actions">
        <Link className="button button--secondary" to="/app/methods/">
          Cancel
        </Link>
        <button type="submit" className="button" disabled={create.isPending}>
          <Icon name="check" /> Create method
        </button>
      </div>
    </form>
  );
}

export function MethodForm() {
  const [search] = useSearchParams();
  const mayCreate = useCan()('methods.create');
  const fromId = Number(search.get('from'));
  const source = useQuery({
    queryKey: ['method', fromId],
    queryFn: () => fetchMethod(fromId),
    enabled: fromId > 0,
  });
  const devices = useQuery({ queryKey: ['devices'], queryFn: fetchDevices });
  const title = fromId > 0 ? 'Copy method' : 'New method';
  const start = useMemo(
    () =>
      devices.isSuccess && (!(fromId > 0) || source.isSuccess)
        ? toFormStart(source.data ?? null, fromId > 0, devices.data)
        : null,
    [devices.isSuccess, devices.data, fromId, source.isSuccess, source.data],
  );
  const failed = devices.isError ? devices : source.isError ? source : null;
  return (
    <div className="cabinet__content">
      <Link to="/app/methods/" className="back-link">
        <Icon name="arrow_back" /> Methods
      </Link>
      <PageHead
        title={title}
        lead="Written for an instrument and checked against its limits. Empty fields stay unset; the instrument uses its own defaults for them."
      />
      {!mayCreate ? (
        // Reached by its address in a role that reads only: said before anything is typed.
        <ErrorAlert>{domainErrors.forbidden}</ErrorAlert>
      ) : failed ? (
        <LoadFailure error={failed.error} onRetry={() => void failed.refetch()} />
      ) : start ? (
        <MethodFormBody key={fromId} start={start} sourceName={source.data?.name} />
      ) : (
        <LoadingSkeleton label="the method form" rows={6} />
      )}
    </div>
  );
}
