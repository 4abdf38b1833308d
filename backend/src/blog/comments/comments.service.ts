/**
 * Comments are stored unapproved and shown only once staff approve them. A comment that trips
 * the honeypot is answered exactly like a real one (so bots learn nothing) but not stored.
 */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import type { AdminCommentDto, CommentDto } from '@studio/shared';
import { badRequest, notFound } from '../../common/errors/app.exception';
import { BlogCache } from '../blog-cache';
import { AuditService } from '../../audit/audit.service';
import { Comment } from '../entities/comment.entity';
import { AdminCommentQueryDto, CreateCommentDto } from './dto/comment.dto';

export const COMMENT_RECEIVED = 'Thanks! Your comment will appear once it has been approved.';
const MAX_ADMIN_PAGE = 100;

interface AdminRow {
  id: number;
  post_id: number;
  parent_id: number | null;
  author_name: string;
  author_email: string;
  content: string;
  approved: boolean;
  created_at: Date;
  updated_at: Date;
  post_title: string | null;
  post_slug: string | null;
}

function toPublic(c: Comment): CommentDto {
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
    @InjectRepository(Comment) private readonly comments: Repository<Comment>,
    private readonly audit: AuditService,
    private readonly cache: BlogCache,
  ) {}

  /** Approved comments of a public post, oldest first (a conversation reads top to bottom). */
  async listApproved(slug: string): Promise<CommentDto[]> {
    const postId = await this.publicPostId(slug);
    const rows = await this.comments.find({
      where: { postId, approved: true },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return rows.map(toPublic);
  }

  /** Stores the comment unapproved; returns false when it was dropped by the honeypot. */
  async submit(slug: string, dto: CreateCommentDto, userId: number | null): Promise<boolean> {
    const postId = await this.publicPostId(slug);
    if (dto.website?.trim()) return false;
    if (dto.parentId !== undefined) {
      const parent = await this.comments.findOneBy({ id: dto.parentId, postId, approved: true });
      if (!parent) {
        const message = 'The comment you are replying to does not exist';
        throw badRequest(message, 'UNKNOWN_PARENT', [{ field: 'parentId', message }]);
      }
    }
    await this.comments.save(
      this.comments.create({
        postId,
        authorName: dto.authorName,
        authorEmail: dto.authorEmail.toLowerCase(),
        content: dto.content,
        parentId: dto.parentId ?? null,
        userId,
        approved: false,
      }),
    );
    return true;
  }

  /** Staff view: newest first, with the commenter's email and the post it belongs to. */
  async listForStaff(q: AdminCommentQueryDto): Promise<{ comments: AdminCommentDto[]; total: number }> {
    const status = q.status ?? 'pending';
    const where = status === 'all' ? '' : status === 'pending' ? 'WHERE NOT c.approved' : 'WHERE c.approved';
    const limit = Math.min(q.limit ?? 50, MAX_ADMIN_PAGE);
    const [rows, count] = await Promise.all([
      this.comments.query(
        `SELECT c.*, p.title AS post_title, p.slug AS post_slug
         FROM comments c LEFT JOIN blog_posts p ON p.id = c.post_id ${where}
         ORDER BY c.created_at DESC, c.id DESC LIMIT $1 OFFSET $2`,
        [limit, q.offset ?? 0],
      ) as Promise<AdminRow[]>,
      this.comments.query(`SELECT count(*)::int AS total FROM comments c ${where}`) as Promise<
        { total: number }[]
      >,
    ]);
    return {
      total: count[0].total,
      comments: rows.map((r) => ({
        id: r.id,
        postId: r.post_id,
        parentId: r.parent_id,
        authorName: r.author_name,
        authorEmail: r.author_email,
        content: r.content,
        approved: r.approved,
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        post: r.post_title === null ? null : { id: r.post_id, title: r.post_title, slug: r.post_slug ?? '' },
      })),
    };
  }

  async setApproved(id: number, approved: boolean): Promise<CommentDto & { approved: boolean }> {
    const comment = await this.comments.findOneBy({ id });
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
    const comment = await this.comments.findOneBy({ id });
    const result = await this.comments.delete({ id });
    if (!result.affected) throw notFound('Comment not found', 'COMMENT_NOT_FOUND');
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
    const rows = (await this.comments.query(
      `SELECT id FROM blog_posts WHERE slug = $1 AND status = 'published' AND published_at <= now()`,
      [slug],
    )) as { id: number }[];
    if (!rows.length) throw notFound('Post not found', 'POST_NOT_FOUND');
    return rows[0].id;
  }
}
