// The list page of versioned records (methods, templates): the head with its New button, the toolbar (search,
// active or archived, favorites), the table of one page with the favorite star and actions around the
// record's own columns, and the pager.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { initialListParams, type ListParams } from '../lib/listQuery.ts';
import { FavoriteButton } from './FavoriteButton.tsx';
import { Icon } from './Icon.tsx';
import { ListContent } from './ListContent.tsx';
import { ListToolbar } from './ListToolbar.tsx';
import { PageHead } from './PageHead.tsx';
import { Pager } from './Pager.tsx';

export interface RecordListPageProps<Page extends { total: number }, Item> {
  title: string;
  lead: string;
  /** The New button, shown when the user may create a record (`allowed`). */
  create: { allowed: boolean; to: string; label: string };
  /** What the list holds, plural ("methods"): its query key, search label, loading and empty states. */
  records: string;
  fetchPage: (params: ListParams) => Promise<Page>;
  itemsOf: (page: Page) => Item[];
  empty: { icon: string; text: string };
  /** The headings of the record's own columns, between the favorite star and the actions. */
  columns: Array<{ label: string; numeric?: boolean }>;
  /** One table row of a record (with its React key). */
  row: (item: Item) => ReactNode;
}

export function RecordListPage<Page extends { total: number }, Item>({
  title,
  lead,
  create,
  records,
  fetchPage,
  itemsOf,
  empty,
  columns,
  row,
}: RecordListPageProps<Page, Item>) {
  const [params, setParams] = useState<ListParams>(initialListParams);
  const query = useQuery({
    queryKey: [records, params],
    queryFn: () => fetchPage(params),
    placeholderData: keepPreviousData,
  });
  return (
    <div className="cabinet__content">
      <PageHead
        title={title}
        lead={lead}
        actions={
          <>
            {create.allowed && (
              <Link className="button" to={create.to}>
                <Icon name="add" /> {create.label}
              </Link>
            )}
          </>
        }
      />
      <ListToolbar params={params} onChange={setParams} searchLabel={`Search ${records}`} />
      <ListContent
        query={query}
        isEmpty={(data) => itemsOf(data).length === 0}
        empty={{
          icon: empty.icon,
          label: records,
          title: params.archived ? `No archived ${records}` : `No ${records} found`,
          text: empty.text,
        }}
      >
        {(data) => (
          <>
            <table className="list-table">
              <thead>
                <tr>
                  <th aria-label="Favorite" />
                  <th>ID</th>
                  {columns.map((column) => (
                    <th key={column.label} className={column.numeric ? 'list-table__number' : undefined}>
                      {column.label}
                    </th>
                  ))}
                  <th aria-label="Actions" />
                </tr>
              </thead>
              <tbody>{itemsOf(data).map(row)}</tbody>
            </table>
            <Pager page={params.page} total={data.total} onPage={(page) => setParams({ ...params, page })} />
          </>
        )}
      </ListContent>
    </div>
  );
}

/** The Archive button of a record's row, or Restore in the archived view. */
export function ArchiveButton({
  archived,
  name,
  onClick,
}: {
  archived: boolean;
  name: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="button button--secondary button--small"
      aria-label={`${archived ? 'Restore' : 'Archive'} ${name}`}
      onClick={onClick}
    >
      <Icon name={archived ? 'unarchive' : 'archive'} /> {archived ? 'Restore' : 'Archive'}
    </button>
  );
}

/** The first cells of a record's row: its favorite star and its id. */
export function RecordRowStart({
  id,
  name,
  favorite,
  disabled,
  onToggleFavorite,
}: {
  id: number | null;
  name: string;
  favorite: boolean;
  disabled: boolean;
  onToggleFavorite: () => void;
}) {
  return (
    <>
      <td className="list-table__star">
        <FavoriteButton favorite={favorite} name={name} disabled={disabled} onToggle={onToggleFavorite} />
      </td>
      <td className="list-table__id">{id}</td>
    </>
  );
}
