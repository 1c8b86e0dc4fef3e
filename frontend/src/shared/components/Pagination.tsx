import './pagination.css';

/** The page numbers a pager shows (spec §2). Long ranges keep the first, last and nearby pages. */
export function pageNumbers(page: number, pages: number): (number | 'gap')[] {
  if (pages <= 7) return Array.from({ length: pages }, (_, index) => index + 1);
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((value) => value >= 1 && value <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  sorted.forEach((value, index) => {
    if (index > 0 && value - sorted[index - 1]! > 1) result.push('gap');
    result.push(value);
  });
  return result;
}

/** Previous, page numbers, Next; the job listing's spec names the first button 'Prev', interview insights' 'Previous'. */
export function Pagination({ page, pages, onPage, label = 'Pagination', previousLabel = 'Prev' }: { page: number; pages: number; onPage: (page: number) => void; label?: string; previousLabel?: string }) {
  if (pages <= 1) return null;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" className="pager__button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {previousLabel}
      </button>
      {pageNumbers(page, pages).map((entry, index) =>
        entry === 'gap' ? (
          <span key={`gap-${index}`} className="pager__gap" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            type="button"
            key={entry}
            className={entry === page ? 'pager__button pager__button--current' : 'pager__button'}
            aria-current={entry === page ? 'page' : undefined}
            aria-label={`Page ${entry}`}
            onClick={() => onPage(entry)}
          >
            {entry}
          </button>
        ),
      )}
      <button type="button" className="pager__button" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
