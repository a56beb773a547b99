// Methods list: search by name or id, favorites first, archived view, pages of 20, copy and archive.
import { Link } from 'react-router-dom';
import { useCan } from '../workspaces/usePrivileges.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Icon } from '../../components/Icon.tsx';
import { ArchiveButton, RecordListPage, RecordRowStart } from '../../components/RecordListPage.tsx';
import { notifyError } from '../../lib/toast.ts';
import { fetchMethods, setMethodArchived, setMethodFavorite, type MethodListItem } from './methodsApi.ts';

const number = (value: number | null, unit: string) => (value === null ? '—' : `${value} ${unit}`);

export function useMethodMutations() {
  const queryClient = useQueryClient();
  const onSettled = () => queryClient.invalidateQueries({ queryKey: ['methods'] });
  const onError = (error: Error) => notifyError(error.message);
  return {
    favorite: useMutation({
      mutationFn: (method: { id: number; favorite: boolean }) =>
        setMethodFavorite(method.id, !method.favorite),
      onSettled,
      onError,
    }),
    archive: useMutation({
      mutationFn: (method: { id: number; archived: boolean }) =>
        setMethodArchived(method.id, !method.archived),
      onSettled,
      onError,
    }),
  };
}

function MethodRow({ method }: { method: MethodListItem }) {
  const { favorite, archive } = useMethodMutations();
  const can = useCan();
  const readOnly = method.is_example || !method.editable || !can('methods.update');
  return (
    <tr>
      <RecordRowStart
        id={method.id}
        name={method.name}
        favorite={method.favorite}
        disabled={readOnly}
        onToggleFavorite={() => favorite.mutate(method)}
      />
      <td>
        <Link to={`/app/methods/${method.id}`}>{method.name}</Link>
        {method.is_example && <span className="badge">Example</span>}
      </td>
      <td>{method.analog_signal_description ?? '—'}</td>
      <td className="list-table__number">{number(method.flow_rate_ml_per_min, 'mL/min')}</td>
      <td className="list-table__number">{number(method.run_time_min, 'min')}</td>
      <td className="list-table__actions">
        {can('methods.create') && (
          <Link
            className="button button--secondary button--small"
            to={`/app/methods/new?from=${method.id}`}
            aria-label={`Copy ${method.name}`}
          >
            <Icon name="content_copy" /> Copy
          </Link>
        )}
        {!readOnly && (
          <ArchiveButton
            archived={method.archived}
            name={method.name}
            onClick={() => archive.mutate(method)}
          />
        )}
      </td>
    </tr>
  );
}

export function MethodsPage() {
  const can = useCan();
  return (
    <RecordListPage
      title="Methods"
      lead="Instrument settings for a run. A method cannot change once created: copy it to make a new one."
      create={{ allowed: can('methods.create'), to: '/app/methods/new', label: 'New method' }}
      records="methods"
      fetchPage={fetchMethods}
      itemsOf={(page) => page.methods}
      empty={{ icon: 'tune', text: 'Change the search, or create a method from scratch or from an example.' }}
      columns={[
        { label: 'Name' },
        { label: 'Detector' },
        { label: 'Flow', numeric: true },
        { label: 'Run time', numeric: true },
      ]}
      row={(method) => <MethodRow key={method.id} method={method} />}
    />
  );
}
