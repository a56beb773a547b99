// The toolbar above a cabinet list: search by name or id, and for methods and templates the views and filter.
import { useEffect, useState } from 'react';
import { Icon } from './Icon.tsx';
import type { ListParams } from '../lib/listQuery.ts';

const SEARCH_DEBOUNCE_MS = 250;

/** The search box of a list toolbar: matches a name or an id. */
export function SearchField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (text: string) => void;
}) {
  return (
    <label className="list-toolbar__search">
      <Icon name="search" />
      <input
        type="search"
        aria-label={label}
        placeholder="Search by name or id"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}

/** Search (debounced), active/archived switch and favorites filter of the methods and templates lists. */
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
      <SearchField label={searchLabel} value={text} onChange={setText} />
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
