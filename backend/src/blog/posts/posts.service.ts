/**
 * Staff writes and reads of posts. The rules of spec §4/§5 live here: HTML sanitised on write,
 * slug made from the title when missing and numbered when taken, meta title defaulting to the
 * title (stored empty, filled in on read), `publishedAt` set the first time a post is published (a future date schedules it),
 * word count kept for the read time. Every write clears the public cache.
 */
import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import type { BlogPostDto, BlogStatsResponse, PostListResponse, PostStatus } from '@studio/shared';
import { totalPagesFor, wordCount } from '@studio/shared';
import { AuditService } from '../../audit/audit.service';
import { badRequest, conflict, notFound } from '../../common/errors/app.exception';
import { BlogCache } from '../blog-cache';
import type { UploadedFile } from '../form-input';
import { MediaService } from '../media/media.service';
import { CommentsRepository } from '../comments/comments.repository';
import { slugFrom } from '../slugs';
import { TaxonomyRepository } from '../taxonomy/taxonomy.repository';
import { TaxonomyService } from '../taxonomy/taxonomy.service';
import { AdminPostQueryDto, DEFAULT_ADMIN_PAGE_SIZE } from './dto/post-query.dto';
import { CreatePostDto, PostFieldsDto, UpdatePostDto } from './dto/save-post.dto';
import { sanitizePostHtml, unsizedUploads, withImageSizes } from './post-html';
import { PostReader } from './post-reader';
import { PostsRepository } from './posts.repository';

const PG_UNIQUE_VIOLATION = '23505';
const PG_FOREIGN_KEY_VIOLATION = '23503';
const STAFF_VIEW = { excerptFallback: false };
const LIST_VIEW = { excerptFallback: true };

/** When a post counts as published: the time asked for, else the first time it was published. */
export function resolvePublishedAt(
  status: PostStatus,
  requested: string | null | undefined,
  current: Date | null,
  now = new Date(),
): Date | null {
  const chosen = requested === undefined ? current : requested === null ? null : new Date(requested);
  return status === 'published' && !chosen ? now : chosen;
}

@Injectable()
export class PostsService {
  constructor(
    private readonly db: DataSource,
    private readonly posts: PostsRepository,
    private readonly terms: TaxonomyRepository,
    private readonly comments: CommentsRepository,
    private readonly reader: PostReader,
    private readonly taxonomy: TaxonomyService,
    private readonly media: MediaService,
    private readonly cache: BlogCache,
    private readonly audit: AuditService,
  ) {}

  async list(q: AdminPostQueryDto): Promise<PostListResponse> {
    const limit = q.limit ?? DEFAULT_ADMIN_PAGE_SIZE;
    const offset = q.offset ?? 0;
    const status = q.status && q.status !== 'all' ? q.status : undefined;
    const { posts, total } = await this.reader.page(
      { status, search: q.search?.trim() || undefined, limit, offset },
      LIST_VIEW,
    );
    return { success: true, posts, total, page: { limit, offset, totalPages: totalPagesFor(total, limit) } };
  }

  async get(id: number): Promise<BlogPostDto> {
    const post = await this.reader.one({ id }, STAFF_VIEW);
    if (!post) throw notFound('Post not found', 'POST_NOT_FOUND');
    return post;
  }

  async create(dto: CreatePostDto, authorId: number, image: UploadedFile | null): Promise<BlogPostDto> {
    const content = await this.cleanContent(dto.content);
    await this.checkReferences(dto, image);
    const featuredImage = image
      ? (await this.media.upload(image.buffer, {}, authorId)).fileName
      : (dto.featuredImage ?? null);
    const status = dto.status ?? 'draft';
    const id = await this.write(async (tx) => {
      const id = await this.posts.insert(tx, {
        title: dto.title,
        slug: await this.posts.uniqueSlug(tx, dto.slug ?? slugFrom(dto.title, 'post')),
        content,
        excerpt: dto.excerpt ?? null,
        featuredImage,
        status,
        authorId,
        // Null means "the title": filled in on read, so it follows later title changes.
        metaTitle: dto.metaTitle ?? null,
        metaDescription: dto.metaDescription ?? null,
        focusKeyword: dto.focusKeyword ?? null,
        seo: dto.seo ? { ...dto.seo } : null,
        wordCount: wordCount(content),
        publishedAt: resolvePublishedAt(status, dto.publishedAt, null),
      });
      await this.posts.setTerms(tx, id, dto.categoryIds ?? [], dto.tagIds ?? []);
      return id;
    });
    const created = await this.get(id);
    if (status === 'published') await this.recordStatus(created, 'draft');
    return created;
  }

  async update(
    id: number,
    dto: UpdatePostDto,
    userId: number,
    image: UploadedFile | null,
  ): Promise<BlogPostDto> {
    const content = dto.content !== undefined ? await this.cleanContent(dto.content) : undefined;
    await this.checkReferences(dto, image);
    if (!(await this.posts.exists(id))) throw notFound('Post not found', 'POST_NOT_FOUND');
    const uploaded = image ? (await this.media.upload(image.buffer, {}, userId)).fileName : undefined;
    let previousStatus: PostStatus | undefined;
    await this.write(async (tx) => {
      const post = await this.posts.lockById(tx, id);
      if (!post) throw notFound('Post not found', 'POST_NOT_FOUND');
      previousStatus = post.status;
      if (dto.title !== undefined) post.title = dto.title;
      if (dto.slug !== undefined && dto.slug !== post.slug)
        post.slug = await this.posts.uniqueSlug(tx, dto.slug, id);
      if (content !== undefined) {
        post.content = content;
        post.wordCount = wordCount(content);
      }
      if (dto.excerpt !== undefined) post.excerpt = dto.excerpt;
      if (dto.status !== undefined) post.status = dto.status;
      if (dto.metaTitle !== undefined) post.metaTitle = dto.metaTitle;
      if (dto.metaDescription !== undefined) post.metaDescription = dto.metaDescription;
      if (dto.focusKeyword !== undefined) post.focusKeyword = dto.focusKeyword;
      if (dto.seo !== undefined) post.seo = dto.seo ? { ...dto.seo } : null;
      if (uploaded !== undefined) post.featuredImage = uploaded;
      else if (dto.featuredImage !== undefined) post.featuredImage = dto.featuredImage;
      post.publishedAt = resolvePublishedAt(post.status, dto.publishedAt, post.publishedAt);
      await this.posts.save(tx, post);
      await this.posts.setTerms(tx, id, dto.categoryIds, dto.tagIds);
      return id;
    });
    const updated = await this.get(id);
    if (previousStatus && previousStatus !== updated.status) await this.recordStatus(updated, previousStatus);
    return updated;
  }

  async remove(id: number): Promise<void> {
    const post = await this.posts.findForAudit(id);
    if (!(await this.posts.delete(id))) throw notFound('Post not found', 'POST_NOT_FOUND');
    this.cache.invalidate();
    await this.audit.record({
      action: 'post.delete',
      targetType: 'post',
      targetId: id,
      summary: `Deleted post “${post?.title ?? id}”`,
      before: post ? { title: post.title, status: post.status } : undefined,
    });
  }

  /** Publishing and taking down are audited; other edits are not. */
  private recordStatus(post: BlogPostDto, before: PostStatus): Promise<void> {
    const published = post.status === 'published';
    if (!published && before !== 'published') return Promise.resolve();
    return this.audit.record({
      action: published ? 'post.publish' : 'post.unpublish',
      targetType: 'post',
      targetId: post.id,
      summary: `${published ? 'Published' : 'Unpublished'} “${post.title}”`,
      before: { status: before },
      after: { status: post.status, publishedAt: post.publishedAt },
    });
  }

  async stats(): Promise<BlogStatsResponse> {
    const [posts, terms, pendingComments] = await Promise.all([
      this.posts.countByStatus(),
      this.terms.counts(),
      this.comments.countPending(),
    ]);
    return { success: true, ...posts, ...terms, pendingComments };
  }

  /** Runs a write in a transaction, maps a lost slug race to 409, and clears the public cache. */
  private async write<T>(fn: (tx: EntityManager) => Promise<T>): Promise<T> {
    try {
      const result = await this.db.transaction(fn);
      this.cache.invalidate();
      return result;
    } catch (err) {
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) {
        throw conflict('Another post took that slug at the same moment. Please save again.', 'SLUG_TAKEN');
      }
      if ((err as { code?: string }).code === PG_FOREIGN_KEY_VIOLATION) {
        throw conflict(
          'A category or tag was deleted while you were editing. Please check them and save again.',
          'STALE_REFERENCE',
        );
      }
      throw err;
    }
  }

  private async cleanContent(html: string): Promise<string> {
    const clean = sanitizePostHtml(html);
    if (!clean) {
      const message = 'Content must be at least 10 characters';
      throw badRequest(message, 'VALIDATION_FAILED', [{ field: 'content', message }]);
    }
    const unsized = unsizedUploads(clean);
    return unsized.length ? withImageSizes(clean, await this.media.sizes(unsized)) : clean;
  }

  private async checkReferences(dto: PostFieldsDto, image: UploadedFile | null): Promise<void> {
    await this.taxonomy.assertExist('category', dto.categoryIds ?? []);
    await this.taxonomy.assertExist('tag', dto.tagIds ?? []);
    if (!image && dto.featuredImage && !(await this.media.exists(dto.featuredImage))) {
      const message = 'The featured image is not in the media library';
      throw badRequest(message, 'UNKNOWN_MEDIA', [{ field: 'featuredImage', message }]);
    }
  }
}
