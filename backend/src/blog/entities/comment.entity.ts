import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('comments')
export class CommentEntity {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ name: 'post_id', type: 'integer' })
  postId: number;

  @Column({ name: 'author_name', length: 100 })
  authorName: string;

  @Column({ name: 'author_email', length: 255 })
  authorEmail: string;

  @Column({ type: 'text' })
  content: string;

  /** Set when the commenter was logged in. */
  @Column({ name: 'user_id', type: 'integer', nullable: true })
  userId: number | null;

  @Column({ name: 'parent_id', type: 'integer', nullable: true })
  parentId: number | null;

  /** Nothing is public until staff approve it. */
  @Column({ default: false })
  approved: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
