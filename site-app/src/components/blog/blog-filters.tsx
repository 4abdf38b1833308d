import type { CategoryDto, TagDto } from '@studio/shared';

interface FilterRowProps<T extends { id: number; name: string }> {
  id: string;
  label: string;
  items: T[];
  activeId: number | null;
  onToggle: (id: number) => void;
  loading: boolean;
}

/** A row of toggle buttons; pressing the active one again clears the filter. */
function FilterRow<T extends { id: number; name: string }>({
  id,
  label,
  items,
  activeId,
  onToggle,
  loading,
}: FilterRowProps<T>) {
  if (!loading && items.length === 0) return null;
  return (
    <div className="blog-filters__group" role="group" aria-labelledby={id}>
      <span id={id} className="blog-filters__label">
        {label}
      </span>
      <ul className="blog-filters__row">
        {loading
          ? [1, 2, 3].map((n) => (
              <li key={n} aria-hidden="true">
                <span className="skeleton filter-skeleton" />
              </li>
            ))
          : items.map((item) => (
              <li key={item.id}>
                <button
                  type="button"
                  className="filter-button"
                  aria-pressed={item.id === activeId}
                  onClick={() => onToggle(item.id)}
                >
                  {item.name}
                </button>
              </li>
            ))}
      </ul>
    </div>
  );
}

interface BlogFiltersProps {
  categories: CategoryDto[];
  tags: TagDto[];
  categoriesLoading: boolean;
  tagsLoading: boolean;
  categoryId: number | null;
  tagId: number | null;
  onToggleCategory: (id: number) => void;
  onToggleTag: (id: number) => void;
}

/** The category and tag filter buttons above the list. */
export function BlogFilters(props: BlogFiltersProps) {
  return (
    <div className="blog-filters">
      <FilterRow
        id="blog-filter-categories"
        label="Categories"
        items={props.categories}
        activeId={props.categoryId}
        onToggle={props.onToggleCategory}
        loading={props.categoriesLoading}
      />
      <FilterRow
        id="blog-filter-tags"
        label="Tags"
        items={props.tags}
        activeId={props.tagId}
        onToggle={props.onToggleTag}
        loading={props.tagsLoading}
      />
    </div>
  );
}

interface ActiveFiltersProps {
  search: string;
  category: { id: number; name: string } | null;
  tag: { id: number; name: string } | null;
  onClearSearch: () => void;
  onClearCategory: () => void;
  onClearTag: () => void;
  onClearAll: () => void;
}

function Chip({ label, onRemove }: { label: string; onRemove: () => void }) {
  return (
    <li>
      <button type="button" className="filter-chip" onClick={onRemove} aria-label={`Remove filter ${label}`}>
        <span>{label}</span>
        <span className="filter-chip__x" aria-hidden="true">
          ×
        </span>
      </button>
    </li>
  );
}

/** One chip per active filter, each removable, and Clear all. Nothing when no filter is on. */
export function ActiveFilters(props: ActiveFiltersProps) {
  const { search, category, tag } = props;
  if (!search && !category && !tag) return null;
  return (
    <div className="filter-chips" role="group" aria-labelledby="blog-active-filters">
      <span id="blog-active-filters" className="filter-chips__label">
        Active filters:
      </span>
      <ul className="filter-chips__list">
        {search && <Chip label={`Search: “${search}”`} onRemove={props.onClearSearch} />}
        {category && <Chip label={`Category: ${category.name}`} onRemove={props.onClearCategory} />}
        {tag && <Chip label={`Tag: ${tag.name}`} onRemove={props.onClearTag} />}
      </ul>
      <button type="button" className="filter-chips__clear" onClick={props.onClearAll}>
        Clear all
      </button>
    </div>
  );
}
