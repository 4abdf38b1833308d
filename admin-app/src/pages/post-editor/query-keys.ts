/**
 * The react-query keys of the blog data the editor reads and invalidates. Each key starts with
 * the API path it caches, so other pages that cache those paths (the posts list, the
 * dashboard, the media library) are refreshed by the same invalidations.
 */
export const blogKeys = {
  posts: ['/api/admin/blog/posts'] as const,
  post: (id: number) => ['/api/admin/blog/posts', id] as const,
  stats: ['/api/admin/blog/stats'] as const,
  media: ['/api/admin/blog/media'] as const,
};

type Key = readonly unknown[];

/** After post `id` was saved: every other posts query, the stats, and the media library when an image went up. */
export function staleAfterSave(id: number, uploadedImage: boolean): (key: Key) => boolean {
  return (key) =>
    (key[0] === blogKeys.posts[0] && key[1] !== id) ||
    key[0] === blogKeys.stats[0] ||
    (uploadedImage && key[0] === blogKeys.media[0]);
}
