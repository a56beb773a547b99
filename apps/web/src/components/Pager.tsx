// The pager under a cabinet list: a count on one page, otherwise the range shown and previous/next.
import { Icon } from './Icon.tsx';
import { PAGE_SIZE } from '../lib/listQuery.ts';

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
