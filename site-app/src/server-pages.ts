/**
 * The pages the backend renders per request, with their data, from the same components the
 * browser then hydrates (shell/src/prerender.tsx `renderPage`). For each such page: the API
 * reads its first screen makes, under the exact query keys its components use, so the server
 * can answer them before rendering and the browser starts with the same cache.
 *
 * Not exposed through module federation: only the shell's Node bundle imports this file.
 */
import {
  categoriesQuery,
  commentsQuery,
  listFiltersFor,
  postListPath,
  postListQuery,
  postPath,
  postQuery,
  RECENT_POSTS,
  tagsQuery,
} from './components/blog/blog-api';
import { parseBlogFilters } from './components/blog/use-blog-filters';
import { payKeys, payPath } from './components/portal/review-api';

export interface PageRead {
  queryKey: readonly unknown[];
  /** The API path answering it (GET). */
  path: string;
  /** A 404 from this read means the page itself is missing: it is rendered, with status 404. */
  pageMissingOn404?: boolean;
}

export interface ServerPage {
  reads: PageRead[];
}

const BLOG = /^\/blog\/?$/;
const POST = /^\/blog\/post\/([^/]+)\/?$/;
const PAY = /^\/pay\/([^/]+)\/?$/;

/** The server-rendered page at this path, or null when the path is not one of them. */
export function serverPageFor(pathname: string, search: URLSearchParams): ServerPage | null {
  if (BLOG.test(pathname)) {
    const list = listFiltersFor(parseBlogFilters(search));
    return {
      reads: [
        { queryKey: postListQuery(list).queryKey, path: postListPath(list) },
        { queryKey: postListQuery(RECENT_POSTS).queryKey, path: postListPath(RECENT_POSTS) },
        { queryKey: categoriesQuery.queryKey, path: '/api/blog/categories' },
        { queryKey: tagsQuery.queryKey, path: '/api/blog/tags' },
      ],
    };
  }
  const post = POST.exec(pathname);
  if (post) {
    let slug: string;
    try {
      slug = decodeURIComponent(post[1]);
    } catch {
      return null;
    }
    return {
      reads: [
        { queryKey: postQuery(slug).queryKey, path: postPath(slug), pageMissingOn404: true },
        // Approved comments are part of the article a reader (and a crawler) sees first.
        {
          queryKey: commentsQuery(slug).queryKey,
          path: `${postPath(slug)}/comments`,
          pageMissingOn404: true,
        },
      ],
    };
  }
  const pay = PAY.exec(pathname);
  if (pay) {
    let token: string;
    try {
      token = decodeURIComponent(pay[1]);
    } catch {
      return null;
    }
    // A balance of one client (private: never cached, its answer comes from their own request).
    return { reads: [{ queryKey: payKeys.balance(token), path: payPath(token) }] };
  }
  return null;
}
