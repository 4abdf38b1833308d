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

interface SidebarCardProps {
  id: string;
  title: string;
  loading: boolean;
  /** Skeleton lines shown while loading. */
  skeleton: number;
  empty: boolean;
  emptyText: string;
  children: ReactNode;
}

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

/** Categories with their counts, tags, and the newest posts (spec §2, §9). */
export function BlogSidebar(props: BlogSidebarProps) {
  return (
    <aside className="blog-sidebar" aria-label="More from the blog">
      <SidebarCard
        id="sidebar-categories"
        title="Categories"
        loading={props.categoriesLoading}
        skeleton={4}
        empty={props.categories.length === 0}
        emptyText="No categories yet."
      >
        <ul className="blog-sidebar__list">
          {props.categories.map((c) => (
            <li key={c.id}>
              <button
                type="button"
                className="sidebar-category"
                aria-pressed={c.id === props.categoryId}
                onClick={() => props.onToggleCategory(c.id)}
              >
                <span>{c.name}</span>
                <span className="sidebar-category__count">
                  <span aria-hidden="true">{c.count ?? 0}</span>
                  <span className="visually-hidden">({postsLabel(c.count ?? 0)})</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </SidebarCard>

      <SidebarCard
        id="sidebar-tags"
        title="Tags"
        loading={props.tagsLoading}
        skeleton={2}
        empty={props.tags.length === 0}
        emptyText="No tags yet."
      >
        <ul className="blog-sidebar__tags">
          {props.tags.map((t) => (
            <li key={t.id}>
              <button
                type="button"
                className="tag-badge"
                aria-pressed={t.id === props.tagId}
                onClick={() => props.onToggleTag(t.id)}
              >
                #{t.name}
              </button>
            </li>
          ))}
        </ul>
      </SidebarCard>

      <SidebarCard
        id="sidebar-recent"
        title="Recent Posts"
        loading={props.recentLoading}
        skeleton={4}
        empty={props.recent.length === 0}
        emptyText="No posts yet."
      >
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
