import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { BlogPostDto, CategoryDto, TagDto } from '@studio/shared';
import { formatShortDate, postDate } from './blog-format';
import { postPath } from './post-card';

interface BlogSidebarProps {
  categories: CategoryDto[];
  tags: TagDto[];
  recent: BlogPostDto[];
  categoriesLoading: boolean;
  tagsLoading: boolean;
  recentLoading: boolean;
  categoryId: number | null;
  tagId: number | null;
  onToggleCategory: (id: number) => void;
  onToggleTag: (id: number) => void;
}

function SkeletonLines({ count }: { count: number }) {
  return (
    <div aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className="skeleton skeleton--text blog-sidebar__skeleton" />
      ))}
    </div>
  );
}

const postsLabel = (count: number) => `${count} ${count === 1 ? 'post' : 'posts'}`;

/** The three cards: heading id and text, skeleton lines while loading, the line when empty. */
const CARDS = {
  categories: { id: 'sidebar-categories', title: 'Categories', skeleton: 4, emptyText: 'No categories yet.' },
  tags: { id: 'sidebar-tags', title: 'Tags', skeleton: 2, emptyText: 'No tags yet.' },
  recent: { id: 'sidebar-recent', title: 'Recent Posts', skeleton: 4, emptyText: 'No posts yet.' },
};

type SidebarCardProps = (typeof CARDS)[keyof typeof CARDS] & {
  loading: boolean;
  empty: boolean;
  children: ReactNode;
};

/** One card of the sidebar: its heading, then a skeleton, a line saying there is nothing, or its list. */
function SidebarCard({ id, title, loading, skeleton, empty, emptyText, children }: SidebarCardProps) {
  return (
    <section className="blog-sidebar__card" aria-labelledby={id}>
      <h2 id={id} className="blog-sidebar__title">
        {title}
      </h2>
      {loading ? (
        <SkeletonLines count={skeleton} />
      ) : empty ? (
        <p className="blog-sidebar__empty">{emptyText}</p>
      ) : (
        children
      )}
    </section>
  );
}

/** A category or tag that filters the list: pressed while it does. */
function FilterButton(props: {
  className: string;
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className={props.className} aria-pressed={props.pressed} onClick={props.onClick}>
      {props.children}
    </button>
  );
}

/** Categories with their counts, tags, and the newest posts (spec §2, §9). */
export function BlogSidebar(props: BlogSidebarProps) {
  return (
    <aside className="blog-sidebar" aria-label="More from the blog">
      <SidebarCard
        {...CARDS.categories}
        loading={props.categoriesLoading}
        empty={props.categories.length === 0}
      >
        <ul className="blog-sidebar__list">
          {props.categories.map((c) => (
            <li key={c.id}>
              <FilterButton
                className="sidebar-category"
                pressed={c.id === props.categoryId}
                onClick={() => props.onToggleCategory(c.id)}
              >
                <span>{c.name}</span>
                <span className="sidebar-category__count">
                  <span aria-hidden="true">{c.count ?? 0}</span>
                  <span className="visually-hidden">({postsLabel(c.count ?? 0)})</span>
                </span>
              </FilterButton>
            </li>
          ))}
        </ul>
      </SidebarCard>

      <SidebarCard {...CARDS.tags} loading={props.tagsLoading} empty={props.tags.length === 0}>
        <ul className="blog-sidebar__tags">
          {props.tags.map((t) => (
            <li key={t.id}>
              <FilterButton
                className="tag-badge"
                pressed={t.id === props.tagId}
                onClick={() => props.onToggleTag(t.id)}
              >
                #{t.name}
              </FilterButton>
            </li>
          ))}
        </ul>
      </SidebarCard>

      <SidebarCard {...CARDS.recent} loading={props.recentLoading} empty={props.recent.length === 0}>
        <ul className="blog-sidebar__list blog-sidebar__recent">
          {props.recent.map((p) => {
            const date = postDate(p);
            return (
              <li key={p.id}>
                <Link to={postPath(p.slug)} className="recent-post">
                  {p.title}
                </Link>
                <time dateTime={date} className="recent-post__date">
                  {formatShortDate(date)}
                </time>
              </li>
            );
          })}
        </ul>
      </SidebarCard>
    </aside>
  );
}
