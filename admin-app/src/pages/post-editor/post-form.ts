/**
 * The editor's form model: its values, the rules of spec §5 with their messages, and the
 * conversions to and from the API's shapes. Pure, so the page stays about behaviour.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { Rule } from 'antd/es/form';
import {
  LIMITS,
  MESSAGES,
  SLUG_PATTERN,
  stripTags,
  type BlogPostDto,
  type PostStatus,
  type SavePostRequest,
} from '@studio/shared';

const L = LIMITS.post;

export interface PostFormValues {
  title: string;
  slug: string;
  content: string;
  excerpt: string;
  status: PostStatus;
  publishedAt: Dayjs | null;
  categoryIds: number[];
  tagIds: number[];
  /** A file name from the media library, or null. */
  featuredImage: string | null;
  metaTitle: string;
  metaDescription: string;
  focusKeyword: string;
}

export type EditorTab = 'content' | 'settings' | 'seo';

/** Which tab shows a field, to open it when that field has an error. */
export const FIELD_TAB: Record<keyof PostFormValues, EditorTab> = {
  title: 'content',
  slug: 'content',
  content: 'content',
  excerpt: 'content',
  status: 'settings',
  publishedAt: 'settings',
  categoryIds: 'settings',
  tagIds: 'settings',
  featuredImage: 'settings',
  metaTitle: 'seo',
  metaDescription: 'seo',
  focusKeyword: 'seo',
};

export const EMPTY_POST: PostFormValues = {
  title: '',
  slug: '',
  content: '',
  excerpt: '',
  status: 'draft',
  publishedAt: null,
  categoryIds: [],
  tagIds: [],
  featuredImage: null,
  metaTitle: '',
  metaDescription: '',
  focusKeyword: '',
};

export function fromPost(post: BlogPostDto): PostFormValues {
  return {
    title: post.title,
    slug: post.slug,
    content: post.content,
    excerpt: post.excerpt ?? '',
    status: post.status,
    publishedAt: post.publishedAt ? dayjs(post.publishedAt) : null,
    categoryIds: post.categories.map((c) => c.id),
    tagIds: post.tags.map((t) => t.id),
    featuredImage: post.featuredImage,
    metaTitle: post.metaTitle ?? '',
    metaDescription: post.metaDescription ?? '',
    focusKeyword: post.focusKeyword ?? '',
  };
}

const orNull = (s: string | undefined | null) => s?.trim() || null;

/** The body of POST/PUT /api/admin/blog/posts. */
export function toPayload(v: PostFormValues): SavePostRequest {
  return {
    title: (v.title ?? '').trim(),
    slug: (v.slug ?? '').trim(),
    content: v.content ?? '',
    excerpt: orNull(v.excerpt),
    status: v.status,
    categoryIds: v.categoryIds ?? [],
    tagIds: v.tagIds ?? [],
    metaTitle: orNull(v.metaTitle),
    metaDescription: orNull(v.metaDescription),
    focusKeyword: orNull(v.focusKeyword),
    featuredImage: v.featuredImage ?? null,
    publishedAt: v.publishedAt ? v.publishedAt.toISOString() : null,
  };
}

/** The plain text length the content rule measures (markup is not writing). */
export const contentLength = (html: string | undefined) => stripTags(html ?? '').length;

export const RULES: Partial<Record<keyof PostFormValues, Rule[]>> = {
  title: [
    { required: true, whitespace: true, message: MESSAGES.postTitle },
    { min: L.formTitleMin, message: MESSAGES.postTitle },
    { max: L.titleMax, message: `Title must be at most ${L.titleMax} characters` },
  ],
  slug: [
    { required: true, message: MESSAGES.postSlugMin },
    { min: L.slugMin, message: MESSAGES.postSlugMin },
    { max: L.slugMax, message: `Slug must be at most ${L.slugMax} characters` },
    { pattern: SLUG_PATTERN, message: MESSAGES.slugPattern },
  ],
  content: [
    {
      validator: (_, html: string | undefined) =>
        contentLength(html) >= L.formContentMin
          ? Promise.resolve()
          : Promise.reject(new Error(MESSAGES.postContent)),
    },
  ],
  excerpt: [{ max: L.excerptMax, message: `Excerpt must be at most ${L.excerptMax} characters` }],
  metaTitle: [{ max: L.metaTitleMax, message: `Meta title must be at most ${L.metaTitleMax} characters` }],
  metaDescription: [{ max: L.formMetaDescriptionMax, message: MESSAGES.postMetaDescription }],
  focusKeyword: [
    { max: L.focusKeywordMax, message: `Focus keyword must be at most ${L.focusKeywordMax} characters` },
  ],
};
