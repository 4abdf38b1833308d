import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { PostSeo, PostStatus } from '@studio/shared';

/**
 * A post. Categories and tags live in the post_categories / post_tags link tables, written by
 * PostsService; `search_vector` is a generated column the database keeps up to date.
 */
@Entity('blog_posts')
export class BlogPostEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ length: 255 })
  title: string;

  @Column({ length: 255, unique: true })
  slug: string;

  /** Sanitised HTML. */
  @Column({ type: 'text' })
  content: string;

  /** As written by the editor; null means "derive it from the content". */
  @Column({ type: 'varchar', length: 500, nullable: true })
  excerpt: string | null;

  /** A file name in the media library, served at /uploads/{featuredImage}. */
  @Column({ name: 'featured_image', type: 'varchar', length: 255, nullable: true })
  featuredImage: string | null;

  @Column({ type: 'varchar', length: 20, default: 'draft' })
  status: PostStatus;

  @Column({ name: 'author_id', type: 'integer', nullable: true })
  authorId: number | null;

  @Column({ name: 'meta_title', type: 'varchar', length: 255, nullable: true })
  metaTitle: string | null;

  @Column({ name: 'meta_description', type: 'varchar', length: 300, nullable: true })
  metaDescription: string | null;

  @Column({ name: 'focus_keyword', type: 'varchar', length: 100, nullable: true })
  focusKeyword: string | null;

  @Column({ type: 'jsonb', nullable: true })
  seo: PostSeo | null;

  /** Kept on write so read time costs nothing on read. */
  @Column({ name: 'word_count', type: 'integer', default: 0 })
  wordCount: number;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
