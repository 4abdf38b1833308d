import { BLOG } from './business';
import { stripTags, wordCount } from './text';

export interface SeoInput {
  title: string;
  metaTitle?: string | null;
  metaDescription?: string | null;
  focusKeyword?: string | null;
  content: string;
  featuredImage?: string | null;
}

export type SeoLevel = 'good' | 'warning' | 'error';
export interface SeoCheck {
  id: string;
  label: string;
  points: number;
  maxPoints: number;
  level: SeoLevel;
}
export type SeoRating = 'good' | 'average' | 'poor';
export interface SeoReport {
  score: number;
  rating: SeoRating;
  checks: SeoCheck[];
  /** Set when no analysis could run. */
  warning?: string;
}

export const SEO_NO_KEYWORD_WARNING = 'Add a focus keyword to see SEO analysis';
export const SEO_CONTENT_MIN_CHARS = 300;
export const SEO_DENSITY_RANGE = [0.5, 2.5] as const;
/** The cap of spec §5. The checks below add up to 95 today; the cap keeps future checks honest. */
export const SEO_MAX_SCORE = 100;
export const SEO_BANDS = { good: 70, average: 40 } as const;

export function seoRating(score: number): SeoRating {
  if (score >= SEO_BANDS.good) return 'good';
  if (score >= SEO_BANDS.average) return 'average';
  return 'poor';
}

/** The sum of the checks' points, capped at 100. */
export function seoTotal(checks: readonly Pick<SeoCheck, 'points'>[]): number {
  return Math.min(
    SEO_MAX_SCORE,
    checks.reduce((sum, c) => sum + c.points, 0),
  );
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The keyword as a whole word or phrase, case-insensitive: "mix" is found in "Mix it" but not in
 * "mixing", so a short keyword is not credited for every longer word that contains it.
 */
function keywordPattern(keyword: string): RegExp {
  const phrase = keyword.trim().toLowerCase().split(/\s+/).map(escapeRegExp).join('\\s+');
  return new RegExp(`(?<![\\p{L}\\p{N}])${phrase}(?![\\p{L}\\p{N}])`, 'giu');
}

/** Whether `text` mentions the keyword (as a whole word or phrase). */
export function containsKeyword(text: string, keyword: string): boolean {
  if (!keyword.trim()) return false;
  return keywordPattern(keyword).test(text.toLowerCase());
}

/** Occurrences of the keyword per 100 words of body text. */
export function keywordDensity(html: string, keyword: string): number {
  const words = wordCount(html);
  if (!words || !keyword.trim()) return 0;
  const matches = stripTags(html).toLowerCase().match(keywordPattern(keyword));
  // Multiply first: (250 * 100) / 10000 is exactly 2.5, (250 / 10000) * 100 need not be.
  return ((matches?.length ?? 0) * 100) / words;
}

function check(id: string, label: string, points: number, maxPoints: number, level?: SeoLevel): SeoCheck {
  return {
    id,
    label,
    points,
    maxPoints,
    level: level ?? (points === maxPoints ? 'good' : points > 0 ? 'warning' : 'error'),
  };
}

function inRange(n: number, [min, max]: readonly [number, number]): boolean {
  return n >= min && n <= max;
}

/** A meta field's length: 10 points inside the recommended range, 5 outside it, none when empty. */
function lengthCheck(id: string, field: string, value: string, range: readonly [number, number]): SeoCheck {
  const [min, max] = range;
  if (!value) return check(id, `${field} is missing`, 0, 10, 'error');
  if (inRange(value.length, range)) return check(id, `${field} is ${min}-${max} characters`, 10, 10);
  return check(id, `${field} is ${value.length} characters (aim for ${min}-${max})`, 5, 10);
}

/** The scoring of spec §5, used live by the editor and available to the server. */
export function scoreSeo(input: SeoInput): SeoReport {
  const keyword = (input.focusKeyword ?? '').trim().toLowerCase();
  if (!keyword) return { score: 0, rating: 'poor', checks: [], warning: SEO_NO_KEYWORD_WARNING };

  const metaTitle = (input.metaTitle ?? '').trim();
  const metaDescription = (input.metaDescription ?? '').trim();
  const text = stripTags(input.content ?? '');
  const density = keywordDensity(input.content ?? '', keyword);

  const checks: SeoCheck[] = [
    check(
      'keyword-in-title',
      'Focus keyword appears in the title',
      containsKeyword(input.title ?? '', keyword) ? 15 : 0,
      15,
    ),
    lengthCheck('meta-title-length', 'Meta title', metaTitle, BLOG.recommendedMetaTitle),
    lengthCheck(
      'meta-description-length',
      'Meta description',
      metaDescription,
      BLOG.recommendedMetaDescription,
    ),
    check(
      'keyword-in-description',
      'Focus keyword appears in the meta description',
      containsKeyword(metaDescription, keyword) ? 10 : 0,
      10,
    ),
    check(
      'content-length',
      `Content has at least ${SEO_CONTENT_MIN_CHARS} characters (${text.length} now)`,
      text.length >= SEO_CONTENT_MIN_CHARS ? 10 : 0,
      10,
    ),
    check(
      'keyword-density',
      `Keyword density is ${density.toFixed(2)}% (aim for ${SEO_DENSITY_RANGE[0]}-${SEO_DENSITY_RANGE[1]}%)`,
      inRange(density, SEO_DENSITY_RANGE) ? 15 : 5,
      15,
    ),
    check('featured-image', 'Post has a featured image', input.featuredImage ? 10 : 0, 10),
    check(
      'subheading',
      'Content has an H2 or H3 subheading',
      /<h[23][\s>]/i.test(input.content ?? '') ? 10 : 0,
      10,
    ),
    check('link', 'Content contains a link', /<a\s[^>]*href=/i.test(input.content ?? '') ? 5 : 0, 5),
  ];
  const score = seoTotal(checks);
  return { score, rating: seoRating(score), checks };
}
