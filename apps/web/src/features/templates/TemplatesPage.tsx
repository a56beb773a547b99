// Templates list: search by name or id, favorites first, archived view, pages of 20.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../workspaces/usePrivileges.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { algorithmLabels, type AlgorithmKey, type FlatTemplate } from '@eluent/contracts';
import { ConfirmDialog } from '../../components/Modal.tsx';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ListContent } from '../../components/ListContent.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { Pager } from '../../components/Pager.tsx';
import { notifyError } from '../../lib/toast.ts';
import { initialListParams, type ListParams } from '../../lib/listQuery.ts';
import { fetchTemplates, setTemplateArchived, setTemplateFavorite } from './templatesApi.ts';
import './templates.css';
import { PageHead } from '../../components/PageHead.tsx';

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
      <td className="list-table__star">
        <FavoriteButton
          favorite={template.is_favorite}
          name={template.name}
          disabled={!editable}
          onToggle={() => favorite.mutate()}
        />
      </td>
      <td className="list-table__id">{template.id}</td>
      <td>
        <Link to={`/app/templates/${template.uuid}`}>{template.name}</Link>
      </td>
      <td>{label(template.algorithm_base)}</td>
      <td>{label(template.algorithm_pdet)}</td>
      <td>{label(template.algorithm_peak)}</td>
      <td className="list-table__actions">
        {editable && (
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`${template.is_archived ? 'Restore' : 'Archive'} ${template.name}`}
            onClick={() => (template.is_archived ? archive.mutate() : setConfirming(true))}
          >
            <Icon name={template.is_archived ? 'unarchive' : 'archive'} />{' '}
            {template.is_archived ? 'Restore' : 'Archive'}
          </button>
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
  const [params, setParams] = useState<ListParams>(initialListParams);
  const can = useCan();
  const templates = useQuery({
    queryKey: ['templates', params],
    queryFn: () => fetchTemplates(params),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="cabinet__content">
      <PageHead
        title="Templates"
        lead="Post-processing recipes: replaying a template on the raw signal always gives the same peaks."
        actions={
          <>
            {can('templates.create') && (
              <Link className="button" to="/app/templates/new">
                <Icon name="add" /> New template
              </Link>
            )}
          </>
        }
      />
      <ListToolbar params={params} onChange={setParams} searchLabel="Search templates" />
      <ListContent
        query={templates}
        isEmpty={(data) => data.templates.length === 0}
        empty={{
          icon: 'auto_graph',
          label: 'templates',
          title: params.archived ? 'No archived templates' : 'No templates found',
          text: 'Create a template and tune it on a live preview of an example or one of your measurements.',
        }}
      >
        {(data) => (
          <>
            <table className="list-table">
              <thead>
                <tr>
                  <th aria-label="Favorite" />
                  <th>ID</th>
                  <th>Name</th>
                  <th>Baseline</th>
                  <th>Detection</th>
                  <th>Integration</th>
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {data.templates.map((template) => (
                  <TemplateRow key={template.uuid} template={template} />
                ))}
              </tbody>
            </table>
            <Pager page={params.page} total={data.total} onPage={(page) => setParams({ ...params, page })} />
          </>
        )}
      </ListContent>
    </div>
  );
}
