/**
 * Comments are stored unapproved and shown only once staff approve them. A comment that trips
 * the honeypot is answered exactly like a real one (so bots learn nothing) but not stored.
 */
import { Injectable } from '@nestjs/common';
import type { AdminCommentDto, CommentDto } from '@studio/shared';
import { badRequest, notFound } from '../../common/errors/app.exception';
import { BlogCache } from '../blog-cache';
import { AuditService } from '../../audit/audit.service';
import { CommentEntity } from '../entities/comment.entity';
import { PostsRepository } from '../posts/posts.repository';
import { CommentsRepository } from './comments.repository';
import { AdminCommentQueryDto, CreateCommentDto } from './dto/comment.dto';

export const COMMENT_RECEIVED = 'Thanks! Your comment will appear once it has been approved.';
const MAX_ADMIN_PAGE = 100;

function toPublic(c: CommentEntity): CommentDto {
  return {
    id: c.id,
    postId: c.postId,
    parentId: c.parentId,
    authorName: c.authorName,
    content: c.content,
    createdAt: c.createdAt.toISOString(),
  };
}

@Injectable()
export class CommentsService {
  constructor(
    private readonly comments: CommentsRepository,
    private readonly posts: PostsRepository,
    private readonly audit: AuditService,
    private readonly cache: BlogCache,
  ) {}

  /** Approved comments of a public post, oldest first (a conversation reads top to bottom). */
  async listApproved(slug: string): Promise<CommentDto[]> {
    const postId = await this.publicPostId(slug);
    return (await this.comments.approvedOf(postId)).map(toPublic);
  }

  /** Stores the comment unapproved; returns false when it was dropped by the honeypot. */
  async submit(slug: string, dto: CreateCommentDto, userId: number | null): Promise<boolean> {
    const postId = await this.publicPostId(slug);
    if (dto.website?.trim()) return false;
    if (dto.parentId !== undefined) {
      const parent = await this.comments.findApproved(dto.parentId, postId);
      if (!parent) {
        const message = 'The comment you are replying to does not exist';
        throw badRequest(message, 'UNKNOWN_PARENT', [{ field: 'parentId', message }]);
      }
    }
    await this.comments.insert({
      postId,
      authorName: dto.authorName,
      authorEmail: dto.authorEmail.toLowerCase(),
      content: dto.content,
      parentId: dto.parentId ?? null,
      userId,
      approved: false,
    });
    return true;
  }

  /** Staff view: newest first, with the commenter's email and the post it belongs to. */
  async listForStaff(q: AdminCommentQueryDto): Promise<{ comments: AdminCommentDto[]; total: number }> {
    const limit = Math.min(q.limit ?? 50, MAX_ADMIN_PAGE);
    const [rows, total] = await this.comments.page(q.status ?? 'pending', limit, q.offset ?? 0);
    const posts = await this.posts.titles(rows.map((r) => r.postId));
    return {
      total,
      comments: rows.map((r) => {
        const post = posts.get(r.postId);
        return {
          id: r.id,
          postId: r.postId,
          parentId: r.parentId,
          authorName: r.authorName,
          authorEmail: r.authorEmail,
          content: r.content,
          approved: r.approved,
          createdAt: r.createdAt.toISOString(),
          updatedAt: r.updatedAt.toISOString(),
          post: post ? { id: r.postId, ...post } : null,
        };
      }),
    };
  }

  async setApproved(id: number, approved: boolean): Promise<CommentDto & { approved: boolean }> {
    const comment = await this.comments.findById(id);
    if (!comment) throw notFound('Comment not found', 'COMMENT_NOT_FOUND');
    const before = comment.approved;
    comment.approved = approved;
    const saved = await this.comments.save(comment);
    // Server-rendered post pages show the approved comments.
    this.cache.invalidate();
    await this.audit.record({
      action: 'comment.moderate',
      targetType: 'comment',
      targetId: id,
      summary: `${approved ? 'Approved' : 'Unapproved'} a comment by ${comment.authorName}`,
      before: { approved: before },
      after: { approved },
    });
    return { ...toPublic(saved), approved: saved.approved };
  }

  async remove(id: number): Promise<void> {
    const comment = await this.comments.findById(id);
    if (!(await this.comments.delete(id))) throw notFound('Comment not found', 'COMMENT_NOT_FOUND');
    this.cache.invalidate();
    await this.audit.record({
      action: 'comment.delete',
      targetType: 'comment',
      targetId: id,
      summary: `Deleted a comment by ${comment?.authorName ?? 'unknown'}`,
      before: comment ? { approved: comment.approved, postId: comment.postId } : undefined,
    });
  }

  private async publicPostId(slug: string): Promise<number> {
    const id = await this.posts.publicIdBySlug(slug);
    if (id === null) throw notFound('Post not found', 'POST_NOT_FOUND');
    return id;
  }
}
