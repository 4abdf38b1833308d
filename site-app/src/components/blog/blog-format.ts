/** How the blog shows dates, authors and uploaded images. */
import { displayNameOf, type BlogPostDto, type PostAuthor } from '@studio/shared';

// Dates are shown in the studio's own time zone (Europe/London), not the reader's: the server
// renders them into the HTML and the browser must produce the same text when it hydrates,
// wherever the reader is. Written out by hand rather than with Intl.DateTimeFormat because the
// first formatter with a time zone loads ICU's zone and locale data, tens of milliseconds on a
// phone inside the blog's hydration task. blog-format.spec.ts checks the text matches
// Intl's en-GB output.
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const SHORT_MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const HOUR = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) of `year`: when UK clocks change (since 1996). */
function lastSundayOneAm(year: number, month: number): number {
  const lastDay = new Date(Date.UTC(year, month + 1, 0, 1));
  return lastDay.getTime() - lastDay.getUTCDay() * 24 * HOUR;
}

/** The calendar date in London: GMT, or BST (UTC+1) between the last Sundays of March and October. */
function londonDate(iso: string): Date {
  const t = new Date(iso).getTime();
  const year = new Date(t).getUTCFullYear();
  const summer = t >= lastSundayOneAm(year, 2) && t < lastSundayOneAm(year, 9);
  return new Date(summer ? t + HOUR : t);
}

/** When the post went out: its publish time, else when it was written. */
export function postDate(post: Pick<BlogPostDto, 'publishedAt' | 'createdAt'>): string {
  return post.publishedAt ?? post.createdAt;
}

/** '5 Jan 2024', for cards and lists. */
export function formatShortDate(iso: string): string {
  const d = londonDate(iso);
  return `${d.getUTCDate()} ${SHORT_MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** 'Monday, 5 January 2024', for the article itself. */
export function formatLongDate(iso: string): string {
  const d = londonDate(iso);
  return `${WEEKDAYS[d.getUTCDay()]}, ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

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
