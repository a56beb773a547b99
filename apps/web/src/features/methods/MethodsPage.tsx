// Methods list: search by name or id, favorites first, archived view, pages of 20, copy and archive.
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCan } from '../workspaces/usePrivileges.ts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FavoriteButton } from '../../components/FavoriteButton.tsx';
import { Icon } from '../../components/Icon.tsx';
import { ListContent } from '../../components/ListContent.tsx';
import { ListToolbar } from '../../components/ListToolbar.tsx';
import { Pager } from '../../components/Pager.tsx';
import { notifyError } from '../../lib/toast.ts';
import { initialListParams, type ListParams } from '../../lib/listQuery.ts';
import { fetchMethods, setMethodArchived, setMethodFavorite, type MethodListItem } from './methodsApi.ts';
import { PageHead } from '../../components/PageHead.tsx';

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
      <td className="list-table__star">
        <FavoriteButton
          favorite={method.favorite}
          name={method.name}
          disabled={readOnly}
          onToggle={() => favorite.mutate(method)}
        />
      </td>
      <td className="list-table__id">{method.id}</td>
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
          <button
            type="button"
            className="button button--secondary button--small"
            aria-label={`${method.archived ? 'Restore' : 'Archive'} ${method.name}`}
            onClick={() => archive.mutate(method)}
          >
            <Icon name={method.archived ? 'unarchive' : 'archive'} />{' '}
            {method.archived ? 'Restore' : 'Archive'}
          </button>
        )}
      </td>
    </tr>
  );
}

export function MethodsPage() {
  const [params, setParams] = useState<ListParams>(initialListParams);
  const can = useCan();
  const methods = useQuery({
    queryKey: ['methods', params],
    queryFn: () => fetchMethods(params),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="cabinet__content">
      <PageHead
        title="Methods"
        lead="Instrument settings for a run. A method cannot change once created: copy it to make a new one."
        actions={
          <>
            {can('methods.create') && (
              <Link className="button" to="/app/methods/new">
                <Icon name="add" /> New method
              </Link>
            )}
          </>
        }
      />
      <ListToolbar params={params} onChange={setParams} searchLabel="Search methods" />
      <ListContent
        query={methods}
        isEmpty={(data) => data.methods.length === 0}
        empty={{
          icon: 'tune',
          label: 'methods',
          title: params.archived ? 'No archived methods' : 'No methods found',
          text: 'Change the search, or create a method from scratch or from an example.',
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
                  <th>Detector</th>
                  <th className="list-table__number">Flow</th>
                  <th className="list-table__number">Run time</th>
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>
                {data.methods.map((method) => (
                  <MethodRow key={method.id} method={method} />
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
