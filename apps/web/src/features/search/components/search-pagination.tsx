import { pageItems } from '../lib/pagination';

export interface SearchPaginationProps {
  page: number;
  pageCount: number;
  onPage: (page: number) => void;
}

/** Spec §2: numbered page buttons when there is more than one page; the current one is marked. */
export function SearchPagination({ page, pageCount, onPage }: SearchPaginationProps) {
  const items = pageItems(page, pageCount);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label="Pages">
      <ul className="pagination__list">
        {items.map((item) =>
          item.type === 'gap' ? (
            <li key={item.key} className="pagination__gap" aria-hidden="true">
              …
            </li>
          ) : (
            <li key={item.page}>
              <button
                type="button"
                className="pagination__button"
                aria-label={`Page ${item.page}`}
                aria-current={item.page === page ? 'page' : undefined}
                onClick={() => (item.page === page ? undefined : onPage(item.page))}
              >
                {item.page}
              </button>
            </li>
          ),
        )}
      </ul>
    </nav>
  );
}
