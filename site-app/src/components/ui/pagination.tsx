import { paginationRange } from '@studio/shared';
import './pagination.css';

interface PaginationProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Names the navigation landmark, e.g. "Blog pages". */
  label?: string;
}

/**
 * The page control of spec §9: first and last page, one sibling each side of the current page,
 * an ellipsis for each gap, Previous and Next; nothing at all for one page or fewer.
 */
export function Pagination({ page, totalPages, onPageChange, label = 'Pagination' }: PaginationProps) {
  const items = paginationRange(page, totalPages);
  if (items.length === 0) return null;
  return (
    <nav className="pagination" aria-label={label}>
      <button
        type="button"
        className="pagination__button pagination__step"
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <span aria-hidden="true">‹</span>
        <span className="pagination__step-text">Previous</span>
      </button>
      <ul className="pagination__list">
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="pagination__button"
                onClick={() => onPageChange(item)}
                aria-current={item === page ? 'page' : undefined}
                aria-label={`Page ${item}`}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="pagination__button pagination__step"
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        <span className="pagination__step-text">Next</span>
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
