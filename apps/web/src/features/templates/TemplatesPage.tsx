// Templates list: search by name or id, favorites first, archived view, pages of 20.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../workspaces/usePrivileges.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { algorithmLabels, type AlgorithmKey, type FlatTemplate } from '@eluent/contracts';
import { ConfirmDialog } from '../../components/Modal.tsx';
import { ArchiveButton, RecordListPage, RecordRowStart } from '../../components/RecordListPage.tsx';
import { notifyError } from '../../lib/toast.ts';
import { fetchTemplates, setTemplateArchived, setTemplateFavorite } from './templatesApi.ts';
import './templates.css';

const label = (key: string | null) =>
  key && key in algorithmLabels ? algorithmLabels[key as AlgorithmKey] : '—';

function TemplateRow({ template }: { template: FlatTemplate }) {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['templates'] });
  const onError = (error: Error) => notifyError(error.message);
  const favorite = useMutation({
    mutationFn: () => setTemplateFavorite(template.uuid!, !template.is_favorite),
    onSettled,
    onError,
  });
  const archive = useMutation({
    mutationFn: () => setTemplateArchived(template.uuid!, !template.is_archived),
    onSettled,
    onError,
  });
  const [confirming, setConfirming] = useState(false);
  const editable = useCan()('templates.update');
  return (
    <tr>
      <RecordRowStart
        id={template.id}
        name={template.name}
        favorite={template.is_favorite}
        disabled={!editable}
        onToggleFavorite={() => favorite.mutate()}
      />
      <td>
        <Link to={`/app/templates/${template.uuid}`}>{template.name}</Link>
      </td>
      <td>{label(template.algorithm_base)}</td>
      <td>{label(template.algorithm_pdet)}</td>
      <td>{label(template.algorithm_peak)}</td>
      <td className="list-table__actions">
        {editable && (
          <ArchiveButton
            archived={template.is_archived}
            name={template.name}
            onClick={() => (template.is_archived ? archive.mutate() : setConfirming(true))}
          />
        )}
        <ConfirmDialog
          open={confirming}
          title={`Archive ${template.name}?`}
          confirmLabel="Archive"
          onConfirm={() => archive.mutate()}
          onClose={() => setConfirming(false)}
        >
          <p>It leaves the list; the Archived view can restore it. Sequences that use it keep working.</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}

export function TemplatesPage() {
  const can = useCan();
  return (
    <RecordListPage
      title="Templates"
      lead="Post-processing recipes: replaying a template on the raw signal always gives the same peaks."
      create={{ allowed: can('templates.create'), to: '/app/templates/new', label: 'New template' }}
      records="templates"
      fetchPage={fetchTemplates}
      itemsOf={(page) => page.templates}
      empty={{
        icon: 'auto_graph',
        text: 'Create a template and tune it on a live preview of an example or one of your measurements.',
      }}
      columns={[{ label: 'Name' }, { label: 'Baseline' }, { label: 'Detection' }, { label: 'Integration' }]}
      row={(template) => <TemplateRow key={template.uuid} template={template} />}
    />
  );
}
