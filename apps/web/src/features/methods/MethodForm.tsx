// Create a method, from scratch or as a copy of another (methods are immutable, so copying is how they change).
import { useId } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { methodGroups, type MethodField } from './methodFields.ts';
import { methodExtraCheck, methodRules, toFormValues, toNewMethod } from './methodForm.ts';
import { createMethod, fetchMethod } from './methodsApi.ts';
import { useFormValues, type FormValues } from './useFormValues.ts';
import './methods.css';
import { PageHead } from '../../components/PageHead.tsx';

function FormField({ field, form }: { field: MethodField; form: FormValues }) {
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
          inputMode={field.kind === 'text' ? undefined : 'decimal'}
          value={value}
          onChange={(event) => form.set(field.key, event.target.value)}
        />
      )}
      <div className="field__error" id={`${id}-error`} role={error ? 'alert' : undefined}>
        {error ?? ''}
      </div>
    </div>
  );
}

function MethodFormBody({ initial, sourceName }: { initial: Record<string, string>; sourceName?: string }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useFormValues(initial, methodRules, methodExtraCheck);
  const create = useMutation({
    mutationFn: () => createMethod(toNewMethod(form.values)),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: ['methods'] });
      notifySuccess('Method created');
      void navigate(`/app/methods/${created.id}`);
    },
    onError: (error) => notifyError(error.message),
  });
  const general: MethodField[] = [
    { key: 'name', label: 'Name', kind: 'text' },
    { key: 'comment', label: 'Comment', kind: 'text' },
  ];
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (form.checkAll()) create.mutate();
      }}
    >
      <section className="card method-group">
        <h2>
          <Icon name="description" /> General
        </h2>
        {sourceName && <p className="note">Copied from “{sourceName}”. Change what differs, then create.</p>}
        <div className="form-grid">
          {general.map((field) => (
            <FormField key={field.key} field={field} form={form} />
          ))}
        </div>
      </section>
      <div className="method-groups">
        {methodGroups.map((group) => (
          <section key={group.id} className="card method-group">
            <h2>
              <Icon name={group.icon} /> {group.title}
            </h2>
            <div className="form-grid">
              {group.fields.map((field) => (
                <FormField key={field.key} field={field} form={form} />
              ))}
            </div>
          </section>
        ))}
      </div>
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
  const fromId = Number(search.get('from'));
  const source = useQuery({
    queryKey: ['method', fromId],
    queryFn: () => fetchMethod(fromId),
    enabled: fromId > 0,
  });
  const title = fromId > 0 ? 'Copy method' : 'New method';
  const ready = !(fromId > 0) || source.isSuccess;
  return (
    <div className="cabinet__content">
      <Link to="/app/methods/" className="back-link">
        <Icon name="arrow_back" /> Methods
      </Link>
      <PageHead
        title={title}
        lead="Empty fields stay unset; the instrument uses its own defaults for them."
      />
      {ready && (
        <MethodFormBody
          key={fromId}
          initial={toFormValues(source.data ?? null, fromId > 0)}
          sourceName={source.data?.name}
        />
      )}
    </div>
  );
}
