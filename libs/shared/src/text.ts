import { BLOG } from './business';

/** Lowercase, spaces to hyphens, other non-alphanumerics removed (spec §5). */
export function slugify(input: string): string {
  return input
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .trim()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * The editor's slug rule (spec §4): the slug follows the title while it is empty or still equal
 * to the slug of the previous title; once someone has typed their own slug, it stays.
 */
export function slugAfterTitleChange(currentSlug: string, previousTitle: string, nextTitle: string): string {
  const untouched = !currentSlug.trim() || currentSlug === slugify(previousTitle);
  return untouched ? slugify(nextTitle) : currentSlug;
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&nbsp;': ' ',
};

/** Plain text of an HTML fragment, whitespace collapsed. */
export function stripTags(html: string): string {
  return html
    .replace(/<(script|style)[^>]*>[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (m) => ENTITIES[m] ?? m)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The excerpt fallback: the first 150 characters of the text. */
export function excerptFrom(html: string, length: number = BLOG.excerptLength): string {
  return stripTags(html).slice(0, length).trim();
}

export function wordCount(html: string): number {
  const text = stripTags(html);
  return text ? text.split(' ').length : 0;
}

/** Minutes to read at 300 words a minute, never less than one. */
export function readTimeMinutes(html: string): number {
  return Math.max(1, Math.ceil(wordCount(html) / BLOG.wordsPerMinute));
}

export function readTimeLabel(minutes: number): string {
  return minutes === 1 ? '1 min read' : `${minutes} mins read`;
}

/** "1 revision round", "2 revision rounds" (or the given plural): counts are never "round(s)". */
export function pluralize(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
