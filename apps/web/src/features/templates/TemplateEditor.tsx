// Template editor: every algorithm and parameter, the spec's validation messages, save by uuid, live preview,
// and the template's components.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useCan } from '../workspaces/usePrivileges.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DetectionSettings, FlatTemplate, IntegrationEventKind } from '@eluent/contracts';
import { Icon } from '../../components/Icon.tsx';
import { notifyError, notifySuccess } from '../../lib/toast.ts';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { useFormValues } from '../methods/useFormValues.ts';
import { TextField } from './TemplateFields.tsx';
import { ComponentsEditor } from './ComponentsEditor.tsx';
import { TemplatePreview } from './TemplatePreview.tsx';
import { TemplateSteps } from './TemplateSteps.tsx';
import { IntegrationEventsEditor } from './IntegrationEventsEditor.tsx';
import {
  convertRows,
  eventsOfRows,
  readEventRow,
  rowOfPick,
  rowsOfEvents,
  type EventRow,
} from './integrationEventRows.ts';
import {
  templateExtraCheck,
  templateRules,
  toFlatTemplate,
  toFormValues,
  toPreviewTemplate,
  withTimeUnit,
  type TimeUnit,
} from './templateForm.ts';
import { fetchTemplate, saveTemplate } from './templatesApi.ts';
import { fetchComponents } from './componentsApi.ts';
import { LockNotice, versionText } from '../../components/LockNotice.tsx';
import { VersionsPanel } from '../versions/VersionsPanel.tsx';
import { fetchVersions, versionsKey } from '../versions/versionsApi.ts';
import { fetchTemplateDefaults } from './templateDefaultsLoader.ts';
import './templates.css';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PageHead } from '../../components/PageHead.tsx';
import { LoadFailure, LoadingSkeleton } from '../../components/QueryState.tsx';
import { failureText } from '../../api/errors.ts';
import { AuditPanel } from '../audit/AuditPanel.tsx';

/** A new template starts from the public defaults file; its empty detection minimums mean automatic. */
const newTemplate = (defaults: FlatTemplate): FlatTemplate => ({ ...defaults });

function EditorBody({ initial }: { initial: FlatTemplate }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [timeUnit, setTimeUnit] = useState<TimeUnit>('min');
  const [saved, setSaved] = useState<FlatTemplate>(initial);
  const [signalUnit, setSignalUnit] = useState('mAU');
  const form = useFormValues(toFormValues(initial, 'min'), templateRules, templateExtraCheck);
  const [eventRows, setEventRows] = useState<EventRow[]>(() =>
    rowsOfEvents(initial.integration_events, 'min'),
  );
  const events = useMemo(() => eventsOfRows(eventRows, timeUnit), [eventRows, timeUnit]);
  const previewTemplate = useMemo(
    () => toPreviewTemplate(form.values, timeUnit, saved, events),
    [form.values, timeUnit, saved, events],
  );
  const addEvent = useCallback(
    (kind: IntegrationEventKind, fromSec: number, toSec: number | null) =>
      setEventRows((rows) => [
        ...rows,
        rowOfPick(kind, fromSec, toSec, timeUnit, rows.reduce((max, row) => Math.max(max, row.id), 0) + 1),
      ]),
    [timeUnit],
  );
  const onUnit = useCallback((unit: string) => setSignalUnit(unit), []);
  const [detection, setDetection] = useState<DetectionSettings | null>(null);
  const can = useCan();
  // Signed records or a running sequence use it: its settings stay as they are (a copy is a new template).
  const components = useQuery({
    queryKey: ['template-components', initial.uuid],
    queryFn: () => fetchComponents(initial.uuid!),
    enabled: Boolean(initial.uuid),
  });
  const lock = components.data?.lock ?? null;
  const record = initial.uuid ? ({ kind: 'template', uuid: initial.uuid } as const) : null;
  const versions = useQuery({
    queryKey: record ? [...versionsKey(record), 'list'] : ['record-versions', 'none'],
    queryFn: () => fetchVersions(record!),
    enabled: record !== null,
  });
  const version = versions.data?.current_version;
  // A reader (reviewer, auditor) may try settings on the preview but saves nothing. A template in use is
  // saved as its next version; the signed or running sequence keeps its own (docs/signatures.md).
  const mayEdit = can(initial.uuid ? 'templates.update' : 'templates.create');
  const save = useMutation({
    mutationFn: (changes: Partial<FlatTemplate>) =>
      saveTemplate({ ...toFlatTemplate(form.values, timeUnit, saved, events), ...changes }),
    onSuccess: async (template) => {
      setSaved(template);
      await queryClient.invalidateQueries({ queryKey: ['templates'] });
      if (record) {
        await queryClient.invalidateQueries({ queryKey: versionsKey(record) });
        await queryClient.invalidateQueries({ queryKey: ['template-components', record.uuid] });
      }
      notifySuccess('Template saved');
      if (!initial.uuid) void navigate(`/app/templates/${template.uuid}`, { replace: true });
    },
    onError: (error) => notifyError(error.message),
  });
  const changeUnit = (unit: TimeUnit) => {
    if (unit === timeUnit) return;
    form.replace(withTimeUnit(form.values, unit));
    setEventRows(convertRows(eventRows, timeUnit, unit));
    setTimeUnit(unit);
  };
  const eventsValid = () =>
    eventRows.every((row) => Object.keys(readEventRow(row, timeUnit).errors).length === 0);
  const submit = () => {
    const fieldsValid = form.checkAll();
    if (!eventsValid()) notifyError('An integration event is incomplete: see the message beside it.');
    else if (fieldsValid) save.mutate({});
  };
  return (
    <>
      <TemplateHead
        saved={saved}
        version={version}
        mayEdit={mayEdit}
        saving={save.isPending}
        saveTitle={lock && version ? versionText(lock, version) : undefined}
        onChange={(changes) => save.mutate(changes)}
        onSave={submit}
      />
      {lock && version !== undefined && <LockNotice lock={lock} version={version} />}
      <div className="template-editor">
        <form
          className="template-editor__form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (mayEdit) submit();
          }}
        >
          <section className="card template-step" aria-label="General">
            <TextField form={form} name="name" label="Template name" hint="Empty becomes ‘Default name’" />
          </section>
          <TemplateSteps
            form={form}
            unit={signalUnit}
            timeUnit={timeUnit}
            onTimeUnit={changeUnit}
            detection={detection}
          />
          <IntegrationEventsEditor
            rows={eventRows}
            timeUnit={timeUnit}
            signalUnit={signalUnit}
            onChange={setEventRows}
          />
        </form>
        <TemplatePreview
          template={previewTemplate}
          events={events}
          onUnit={onUnit}
          onDetection={setDetection}
          onAddEvent={addEvent}
        />
      </div>
      <ComponentsEditor uuid={saved.uuid ?? undefined} />
      {record && version !== undefined && <VersionsPanel record={record} current={version} />}
      {saved.id !== undefined && saved.id !== null && <AuditPanel kind="templates" id={saved.id} />}
    </>
  );
}

interface TemplateHeadProps {
  saved: FlatTemplate;
  version: number | undefined;
  mayEdit: boolean;
  saving: boolean;
  /** Why saving makes a new version (the template is in use), shown on the Save button. */
  saveTitle: string | undefined;
  /** Saves the form with these changes (favourite, archived). */
  onChange: (changes: Partial<FlatTemplate>) => void;
  onSave: () => void;
}

function TemplateHead({ saved, version, mayEdit, saving, saveTitle, onChange, onSave }: TemplateHeadProps) {
  return (
    <PageHead
      title={saved.uuid ? saved.name : 'New template'}
      lead={
        <>
          {saved.uuid
            ? `Template #${saved.id ?? ''}${version ? ` · Version ${version}` : ''}`
            : 'A processing recipe: detection window, blank, baseline, peaks and noise.'}
          {saved.is_archived ? ' · Archived' : ''}
        </>
      }
      actions={
        <>
          {saved.uuid && mayEdit && (
            <>
              <FavoriteButton
                favorite={saved.is_favorite}
                name={saved.name}
                onToggle={() => onChange({ is_favorite: !saved.is_favorite })}
              />
              <button
                type="button"
                className="button button--secondary"
                onClick={() => onChange({ is_archived: !saved.is_archived })}
              >
                <Icon name={saved.is_archived ? 'unarchive' : 'archive'} />{' '}
                {saved.is_archived ? 'Restore' : 'Archive'}
              </button>
            </>
          )}
          {mayEdit && (
            <button type="button" className="button" disabled={saving} title={saveTitle} onClick={onSave}>
              <Icon name="save" /> Save template
            </button>
          )}
        </>
      }
    />
  );
}

export function TemplateEditor() {
  const { uuid } = useParams();
  const template = useQuery({
    queryKey: ['template', uuid],
    queryFn: () => fetchTemplate(uuid!),
    enabled: uuid !== undefined,
  });
  const defaults = useQuery({
    queryKey: ['template-defaults'],
    queryFn: () => fetchTemplateDefaults(),
    enabled: uuid === undefined,
    staleTime: Infinity,
  });
  useEffect(() => {
    if (defaults.error) notifyError(failureText(defaults.error));
  }, [defaults.error]);
  const initial = uuid === undefined ? defaults.data && newTemplate(defaults.data) : template.data;
  return (
    <div className="cabinet__content cabinet__content--wide">
      <Link to="/app/templates/" className="back-link">
        <Icon name="arrow_back" /> Templates
      </Link>
      {template.isError && <LoadFailure error={template.error} onRetry={() => void template.refetch()} />}
      {defaults.isError && <LoadFailure error={defaults.error} onRetry={() => void defaults.refetch()} />}
      {!initial && (uuid === undefined ? defaults.isPending : template.isPending) && (
        <LoadingSkeleton label="the template" rows={6} />
      )}
      {uuid !== undefined && template.isSuccess && !template.data && (
        <ErrorAlert>Template not found.</ErrorAlert>
      )}
      {initial && <EditorBody key={initial.uuid ?? 'new'} initial={initial} />}
    </div>
  );
}
