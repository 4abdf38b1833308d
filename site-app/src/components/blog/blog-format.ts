/** How the blog shows dates, authors and uploaded images. */
import { displayNameOf, type BlogPostDto, type PostAuthor } from '@studio/shared';

// The studio's own time zone, not the reader's: the server renders these dates into the HTML and
// the browser must produce the same text when it hydrates, wherever the reader is.
const timeZone = 'Europe/London';
const shortDate = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone,
});
const longDate = new Intl.DateTimeFormat('en-GB', {
  timeZone,
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
});

/** When the post went out: its publish time, else when it was written. */
export function postDate(post: Pick<BlogPostDto, 'publishedAt' | 'createdAt'>): string {
  return post.publishedAt ?? post.createdAt;
}

/** '5 Jan 2024', for cards and lists. */
export const formatShortDate = (iso: string) => shortDate.format(new Date(iso));

/** 'Monday, 5 January 2024', for the article itself. */
export const formatLongDate = (iso: string) => longDate.format(new Date(iso));

export function authorName(author: PostAuthor | null): string | null {
  return author ? displayNameOf(author) : null;
}

/** A stored file name becomes /uploads/{file}; a path or an absolute URL is used as it is. */
export function uploadUrl(file: string): string {
  return /^(https?:)?\/\//i.test(file) || file.startsWith('/')
    ? file
    : `/uploads/${encodeURIComponent(file)}`;
}

/** Up to two initials for an avatar placeholder. */
export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? parts[0][0] + parts[parts.length - 1][0] : (parts[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
