import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { PAGINATION, STAFF_ROLES, SITE_ROUTES } from '@studio/shared';
import {
  categoriesQuery,
  listFiltersFor,
  postListQuery,
  RECENT_POSTS,
  tagsQuery,
} from '../components/blog/blog-api';
import { BlogEmpty } from '../components/blog/blog-empty';
import { ActiveFilters, BlogFilters } from '../components/blog/blog-filters';
import { BlogSearch } from '../components/blog/blog-search';
import { BlogSidebar } from '../components/blog/blog-sidebar';
import { PostCard, PostCardSkeleton } from '../components/blog/post-card';
import { useBlogFilters } from '../components/blog/use-blog-filters';
import { Pagination } from '../components/ui/pagination';
import { useAuth } from '../hooks/use-auth';
import { usePageTitle } from '../hooks/use-page-title';
import { useApiErrorToast } from '../toast/use-api-error-toast';
import '../components/ui/ui.css';
import '../components/blog/blog.css';

const PAGE_SIZE = PAGINATION.blogPageSize;
const TRY_AGAIN = 'Please try again in a moment.';

/** Toasts a failed read once per failure (spec §8). */
function useFailureToast(error: Error | null, title: string) {
  const toastError = useApiErrorToast();
  useEffect(() => {
    if (error) toastError(title, error, TRY_AGAIN);
  }, [error, title, toastError]);
}

/** /blog: search, category and tag filters kept in the URL, six posts a page, and a sidebar. */
export default function BlogPage() {
  usePageTitle(SITE_ROUTES.blog.title);
  const { user } = useAuth();
  const isStaff = user ? STAFF_ROLES.includes(user.role) : false;
  const { filters, hasFilters, ...act } = useBlogFilters();
  const { search, categoryId, tagId, page } = filters;

  const posts = useQuery({
    ...postListQuery(listFiltersFor(filters)),
    // The old page stays (dimmed) while the next one loads, so the layout does not jump.
    placeholderData: keepPreviousData,
  });
  const recent = useQuery(postListQuery(RECENT_POSTS));
  const categories = useQuery(categoriesQuery);
  const tags = useQuery(tagsQuery);

  useFailureToast(posts.error, 'Failed to fetch blog posts');
  useFailureToast(categories.error, 'Failed to fetch categories');
  useFailureToast(tags.error, 'Failed to fetch tags');

  const list = posts.data?.posts ?? [];
  const total = posts.data?.total ?? 0;
  const totalPages = posts.data?.page.totalPages ?? 0;
  const categoryList = categories.data?.categories ?? [];
  const tagList = tags.data?.tags ?? [];
  const activeCategory = categoryId
    ? (categoryList.find((c) => c.id === categoryId) ?? { id: categoryId, name: `#${categoryId}` })
    : null;
  const activeTag = tagId ? (tagList.find((t) => t.id === tagId) ?? { id: tagId, name: `#${tagId}` }) : null;

  // A page past the end (an old link, a post unpublished since): show the last page instead.
  const { setPage } = act;
  useEffect(() => {
    if (!posts.isPlaceholderData && posts.data && list.length === 0 && total > 0 && page > totalPages)
      setPage(totalPages, { replace: true });
  }, [posts.isPlaceholderData, posts.data, list.length, total, page, totalPages, setPage]);

  // Turning a page brings the top of the list into view.
  const listTop = useRef<HTMLDivElement>(null);
  const lastPage = useRef(page);
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    const top = listTop.current;
    if (top && top.getBoundingClientRect().top < 0) top.scrollIntoView({ block: 'start' });
  }, [page]);

  const first = (page - 1) * PAGE_SIZE + 1;
  // Read out when the list changes; with nothing to show, the empty state says it on screen.
  const summary = !posts.isSuccess
    ? ''
    : list.length === 0
      ? hasFilters
        ? 'No posts match this search or these filters.'
        : 'There are no posts yet.'
      : totalPages <= 1
        ? `Showing ${total === 1 ? '1 post' : `all ${total} posts`}`
        : `Showing ${first}–${first + list.length - 1} of ${total} posts`;

  return (
    <div className="container blog">
      <header className="blog__header">
        <div>
          <h1 className="page__title">Blog</h1>
          <p className="page__lead">
            Notes from the studio: mixing and mastering techniques, production tips, and what it takes to get
            a release ready.
          </p>
        </div>
        {isStaff && (
          <div className="blog__staff">
            <Link to="/admin/posts/new" className="btn btn--primary btn--sm">
              Create Post
            </Link>
            <Link to="/admin" className="btn btn--outline btn--sm">
              Admin Panel
            </Link>
          </div>
        )}
      </header>

      <section className="blog__toolbar" aria-label="Search and filter posts">
        <BlogSearch value={search} onSearch={act.setSearch} />
        <BlogFilters
          categories={categoryList}
          tags={tagList}
          categoriesLoading={categories.isPending}
          tagsLoading={tags.isPending}
          categoryId={categoryId}
          tagId={tagId}
          onToggleCategory={act.toggleCategory}
          onToggleTag={act.toggleTag}
        />
        <ActiveFilters
          search={search}
          category={activeCategory}
          tag={activeTag}
          onClearSearch={act.clearSearch}
          onClearCategory={act.clearCategory}
          onClearTag={act.clearTag}
          onClearAll={act.clearAll}
        />
      </section>

      <div className="blog__layout">
        <div className="blog__main" ref={listTop}>
          <p className={`blog__summary${list.length === 0 ? ' visually-hidden' : ''}`} role="status">
            {summary}
          </p>
          {posts.isPending ? (
            <div className="post-grid" role="status" aria-label="Loading posts">
              {Array.from({ length: PAGE_SIZE }, (_, i) => (
                <PostCardSkeleton key={i} />
              ))}
            </div>
          ) : posts.isError && !posts.data ? (
            <div className="notice notice--error">
              <span className="notice__title">Failed to fetch blog posts</span>
              <p>The articles could not be loaded.</p>
              <button type="button" className="btn btn--outline btn--sm" onClick={() => void posts.refetch()}>
                Try again
              </button>
            </div>
          ) : list.length === 0 ? (
            <BlogEmpty filtered={hasFilters} onReset={act.clearAll} />
          ) : (
            <>
              <ul
                className={`post-grid${posts.isPlaceholderData ? ' is-stale' : ''}`}
                aria-busy={posts.isFetching}
              >
                {list.map((post, i) => (
                  <li key={post.id}>
                    <PostCard post={post} priority={i === 0} />
                  </li>
                ))}
              </ul>
              <Pagination page={page} totalPages={totalPages} onPageChange={act.setPage} label="Blog pages" />
            </>
          )}
        </div>

        <BlogSidebar
          categories={categoryList}
          tags={tagList}
          recent={recent.data?.posts ?? []}
          categoriesLoading={categories.isPending}
          tagsLoading={tags.isPending}
          recentLoading={recent.isPending}
          categoryId={categoryId}
          tagId={tagId}
          onToggleCategory={act.toggleCategory}
          onToggleTag={act.toggleTag}
        />
      </div>
    </div>
  );
}
