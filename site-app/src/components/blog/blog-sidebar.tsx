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

/** Categories with their counts, tags, and the newest posts (spec §2, §9). */
export function BlogSidebar(props: BlogSidebarProps) {
  return (
    <aside className="blog-sidebar" aria-label="More from the blog">
      <section className="blog-sidebar__card" aria-labelledby="sidebar-categories">
        <h2 id="sidebar-categories" className="blog-sidebar__title">
          Categories
        </h2>
        {props.categoriesLoading ? (
          <SkeletonLines count={4} />
        ) : props.categories.length === 0 ? (
          <p className="blog-sidebar__empty">No categories yet.</p>
        ) : (
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
        )}
      </section>

      <section className="blog-sidebar__card" aria-labelledby="sidebar-tags">
        <h2 id="sidebar-tags" className="blog-sidebar__title">
          Tags
        </h2>
        {props.tagsLoading ? (
          <SkeletonLines count={2} />
        ) : props.tags.length === 0 ? (
          <p className="blog-sidebar__empty">No tags yet.</p>
        ) : (
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
        )}
      </section>

      <section className="blog-sidebar__card" aria-labelledby="sidebar-recent">
        <h2 id="sidebar-recent" className="blog-sidebar__title">
          Recent Posts
        </h2>
        {props.recentLoading ? (
          <SkeletonLines count={4} />
        ) : props.recent.length === 0 ? (
          <p className="blog-sidebar__empty">No posts yet.</p>
        ) : (
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
        )}
      </section>
    </aside>
  );
}
