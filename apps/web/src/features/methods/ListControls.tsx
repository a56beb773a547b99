// Search, active/archived switch, favorites filter and pager shared by the methods and templates lists.
import { useEffect, useState } from 'react';
import { Icon } from '../../components/Icon.tsx';
import { PAGE_SIZE, type ListParams } from './listQuery.ts';

const SEARCH_DEBOUNCE_MS = 250;

export function ListToolbar({
  params,
  onChange,
  searchLabel,
}: {
  params: ListParams;
  onChange: (params: ListParams) => void;
  searchLabel: string;
}) {
  const [text, setText] = useState(params.search);
  useEffect(() => {
    if (text === params.search) return;
    const timer = setTimeout(() => onChange({ ...params, search: text, page: 0 }), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, params, onChange]);
  return (
    <div className="list-toolbar">
      <label className="list-toolbar__search">
        <Icon name="search" />
        <input
          type="search"
          aria-label={searchLabel}
          placeholder="Search by name or id"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
      </label>
      <div className="segmented" role="group" aria-label="View">
        <button
          type="button"
          aria-pressed={!params.archived}
          onClick={() => onChange({ ...params, archived: false, page: 0 })}
        >
          Active
        </button>
        <button
          type="button"
          aria-pressed={params.archived}
          onClick={() => onChange({ ...params, archived: true, page: 0 })}
        >
          <Icon name="inventory_2" /> Archived
        </button>
      </div>
      <label className="check">
        <input
          type="checkbox"
          checked={params.favoritesOnly}
          onChange={(event) => onChange({ ...params, favoritesOnly: event.target.checked, page: 0 })}
        />
        Favorites only
      </label>
    </div>
  );
}

export function Pager({
  page,
  total,
  onPage,
}: {
  page: number;
  total: number;
  onPage: (page: number) => void;
}) {
  if (total <= PAGE_SIZE && page === 0) {
    return <p className="pager">{total === 1 ? '1 item' : `${total} items`}</p>;
  }
  const first = page * PAGE_SIZE + 1;
  const last = Math.min(total, (page + 1) * PAGE_SIZE);
  return (
    <nav className="pager" aria-label="Pages">
      <span>
        {first}–{last} of {total}
      </span>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={page === 0}
        onClick={() => onPage(page - 1)}
      >
        <Icon name="chevron_left" /> Previous
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={last >= total}
        onClick={() => onPage(page + 1)}
      >
        Next <Icon name="chevron_right" />
      </button>
    </nav>
  );
}

export function FavoriteButton({
  favorite,
  name,
  disabled,
  onToggle,
}: {
  favorite: boolean;
  name: string;
  disabled?: boolean;
  onToggle: () => void;
}) {
  return (
    <button
      type="button"
      className={`star ${favorite ? 'star--on' : ''}`}
      aria-pressed={favorite}
      aria-label={favorite ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      title={favorite ? 'Favorite' : 'Add to favorites'}
      disabled={disabled}
      onClick={onToggle}
    >
      <Icon name={favorite ? 'star' : 'star_border'} />
    </button>
  );
}
