import { useEffect, useRef, useState, type FormEvent } from 'react';
import { LIMITS, PAGINATION } from '@studio/shared';

interface BlogSearchProps {
  /** The search the list shows now (from the URL). */
  value: string;
  onSearch: (search: string) => void;
}

/**
 * The list's search box. Typing searches once the keys have rested for
 * PAGINATION.blogSearchDebounceMs; Enter searches at once. When the search changes elsewhere
 * (Clear all, Reset Filters, the back button) the box follows.
 */
export function BlogSearch({ value, onSearch }: BlogSearchProps) {
  const [text, setText] = useState(value);
  const sent = useRef(value);

  useEffect(() => {
    // Our own search coming back through the URL must not overwrite what was typed since.
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);

  useEffect(() => {
    const search = text.trim();
    if (search === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = search;
      onSearch(search);
    }, PAGINATION.blogSearchDebounceMs);
    return () => clearTimeout(timer);
  }, [text, onSearch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const search = text.trim();
    if (search === sent.current) return;
    sent.current = search;
    onSearch(search);
  };

  return (
    <form role="search" className="blog-search" onSubmit={onSubmit}>
      <label htmlFor="blog-search" className="visually-hidden">
        Search posts
      </label>
      <svg className="blog-search__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m20 20-3.5-3.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <input
        id="blog-search"
        className="field__input blog-search__input"
        type="search"
        placeholder="Search posts…"
        autoComplete="off"
        enterKeyHint="search"
        maxLength={LIMITS.search.max}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
    </form>
  );
}
