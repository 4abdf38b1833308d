interface BlogEmptyProps {
  filtered: boolean;
  onReset: () => void;
}

/** The list with nothing in it (spec §2): 'No posts found' and Reset Filters. */
export function BlogEmpty({ filtered, onReset }: BlogEmptyProps) {
  return (
    <div className="blog-empty">
      <svg className="blog-empty__art" viewBox="0 0 120 80" width="120" height="80" aria-hidden="true">
        <path
          d="M4 40h14l6-14 8 30 8-42 8 52 8-36 6 10h12l6-8 6 16 6-22 6 14h14"
          fill="none"
          stroke="currentColor"
          strokeWidth="3"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <h2 className="blog-empty__title">No posts found</h2>
      <p className="blog-empty__text">
        {filtered
          ? 'Nothing matches this search or these filters. Try other words, or reset the filters to see every post.'
          : 'There are no articles here yet. Please check back soon.'}
      </p>
      <button type="button" className="btn btn--primary" onClick={onReset}>
        Reset Filters
      </button>
    </div>
  );
}
