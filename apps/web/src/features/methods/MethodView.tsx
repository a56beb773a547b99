// One method: every field of spec §3 by group; rename, favorite, archive and copy (examples are read-only).
// A method a signed record or a running sequence uses is renamed as its next version; the notice says which
// version the sequence keeps, and the Versions panel lists every version with its differences.
import { methodLockSchema } from '@eluent/contracts';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useCan } from '../workspaces/usePrivileges.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { Field, useField } from '../../components/Field.tsx';
import { rules } from '../../lib/validation.ts';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { GradientChart } from './GradientChart.tsx';
import {
  advancedFields,
  formatMethodValue,
  gradientSteps,
  methodFieldValue,
  methodGroups,
} from './methodFields.ts';
import { fetchMethod, renameMethod, type Method } from './methodsApi.ts';
import { useMethodMutations } from './MethodsPage.tsx';
import './methods.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { AuditPanel } from '../audit/AuditPanel.tsx';
import { LockNotice } from '../../components/LockNotice.tsx';
import { VersionsPanel } from '../versions/VersionsPanel.tsx';
import { fetchVersions, versionsKey } from '../versions/versionsApi.ts';
import { call } from '../sequences/sequencesApi.ts';

function RenameForm({ method, onDone }: { method: Method; onDone: () => void }) {
  const queryClient = useQueryClient();
  const name = useField(method.name, [rules.required]);
  const rename = useMutation({
    mutationFn: (value: string) => renameMethod(method.id, value),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['methods'] });
      await queryClient.invalidateQueries({ queryKey: ['method', method.id] });
      await queryClient.invalidateQueries({ queryKey: ['method-lock', method.id] });
      await queryClient.invalidateQueries({ queryKey: versionsKey({ kind: 'method', id: method.id }) });
      notifySuccess('Method renamed');
      onDone();
    },
    onError: (error) => notifyError(error.message),
  });
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        if (name.check()) rename.mutate(name.value.trim());
      }}
    >
      <Field label="Method name" field={name} autoFocus />
      <button type="submit" className="button button--small" disabled={rename.isPending}>
        Save
      </button>
      <button type="button" className="button button--secondary button--small" onClick={onDone}>
        Cancel
      </button>
    </form>
  );
}

/** The parts the method is written for, by model; an empty configuration fits every instrument. */
function hardwareText(hardware: unknown): string {
  const parts = Array.isArray(hardware) ? (hardware as Array<{ model?: unknown }>) : [];
  const models = parts.flatMap((part) => (typeof part.model === 'string' ? [part.model] : []));
  return models.length === 0 ? 'Any instrument (no hardware limits)' : models.join(' · ');
}

function MethodGroups({ method }: { method: Method }) {
  const steps = gradientSteps(method.gradient);
  const runTime = methodFieldValue(method, 'run_time_min');
  const advanced = advancedFields.filter((field) => methodFieldValue(method, field.key) != null);
  return (
    <div className="method-groups">
      <section className="card method-group method-group--wide" aria-labelledby="group-hardware">
        <h2 id="group-hardware">
          <Icon name="memory" /> Instrument
        </h2>
        <p className="method-hardware">{hardwareText(method.hardware_configuration)}</p>
      </section>
      {methodGroups.map((group) => (
        <section
          key={group.id}
          className={`card method-group ${group.id === 'pump' ? 'method-group--wide' : ''}`}
          aria-labelledby={`group-${group.id}`}
        >
          <h2 id={`group-${group.id}`}>
            <Icon name={group.icon} /> {group.title}
          </h2>
          {group.id === 'pump' && steps && (
            <GradientChart steps={steps} runTimeMin={typeof runTime === 'number' ? runTime : null} />
          )}
          <dl className="method-fields">
            {group.fields.map((field) => (
              <div key={field.key}>
                <dt>
                  {field.label}
                  {field.unit ? `, ${field.unit}` : ''}
                </dt>
                <dd>{formatMethodValue(field, methodFieldValue(method, field.key))}</dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
      {advanced.length > 0 && (
        <section className="card method-group" aria-labelledby="group-advanced">
          <h2 id="group-advanced">
            <Icon name="data_object" /> Advanced
          </h2>
          <dl className="method-fields">
            {advanced.map((field) => (
              <div key={field.key} className="method-fields__wide">
                <dt>{field.label}</dt>
                <dd className="mono">{formatMethodValue(field, methodFieldValue(method, field.key))}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}
    </div>
  );
}

export function MethodView() {
  const methodId = Number(useParams().id);
  const [renaming, setRenaming] = useState(false);
  const can = useCan();
  const { favorite, archive } = useMethodMutations();
  const queryClient = useQueryClient();
  const method = useQuery({ queryKey: ['method', methodId], queryFn: () => fetchMethod(methodId) });
  const lock = useQuery({
    queryKey: ['method-lock', methodId],
    queryFn: () => call(methodLockSchema, 'GET', `/api/methods/${methodId}/lock/`),
  });
  const record = { kind: 'method', id: methodId } as const;
  const versions = useQuery({
    queryKey: [...versionsKey(record), 'list'],
    queryFn: () => fetchVersions(record),
  });
  const version = versions.data?.current_version;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['method', methodId] });
  if (method.isPending) {
    return (
      <div className="cabinet__content">
        <LoadingSkeleton label="the method" rows={6} />
      </div>
    );
  }
  if (method.isError || !method.data) {
    return (
      <div className="cabinet__content">
        {method.isError ? (
          <LoadFailure error={method.error} onRetry={() => void method.refetch()} />
        ) : (
          <ErrorAlert>Method not found.</ErrorAlert>
        )}
        <Link to="/app/methods/">Back to methods</Link>
      </div>
    );
  }
  const data = method.data;
  const example = data.is_example || !data.editable;
  const readOnly = example || !can('methods.update');
  const locked = lock.data?.lock ?? null;
  // In use by a signed or running record: a new name is the method's next version.
  const renamable = !readOnly;
  return (
    <div className="cabinet__content">
      <Link to="/app/methods/" className="back-link">
        <Icon name="arrow_back" /> Methods
      </Link>
      <div className="cabinet__head">
        <div className="method-title">
          {renaming ? (
            <RenameForm method={data} onDone={() => setRenaming(false)} />
          ) : (
            <h1>
              {data.name}
              {data.is_example && <span className="badge">Example</span>}
              {data.archived && <span className="badge badge--muted">Archived</span>}
            </h1>
          )}
          <p className="cabinet__lead">
            Method #{data.id}
            {version ? ` · Version ${version}` : ''}
            {data.comment ? ` · ${data.comment}` : ''}
          </p>
        </div>
        <div className="head-actions">
          <FavoriteButton
            favorite={data.favorite}
            name={data.name}
            disabled={readOnly}
            onToggle={() => favorite.mutate(data, { onSettled: refresh })}
          />
          {renamable && !renaming && (
            <button type="button" className="button button--secondary" onClick={() => setRenaming(true)}>
              <Icon name="edit" /> Rename
            </button>
          )}
          {!readOnly && (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => archive.mutate(data, { onSettled: refresh })}
            >
              <Icon name={data.archived ? 'unarchive' : 'archive'} /> {data.archived ? 'Restore' : 'Archive'}
            </button>
          )}
          {can('methods.create') && (
            <Link className="button" to={`/app/methods/new?from=${data.id}`}>
              <Icon name="content_copy" /> Copy
            </Link>
          )}
        </div>
      </div>
      {example && (
        <p className="note">
          <Icon name="lock" /> Example methods are read-only. Copy this one to adapt it to your instrument.
        </p>
      )}
      {locked && version !== undefined && <LockNotice lock={locked} version={version} />}
      <MethodGroups method={data} />
      {version !== undefined && <VersionsPanel record={record} current={version} />}
      <AuditPanel kind="methods" id={data.id} />
    </div>
  );
}
