/** Every query on `comments` (the personal-data export and erasure have their own repository). */
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { CommentEntity } from '../entities/comment.entity';

export type CommentState = 'all' | 'pending' | 'approved';

@Injectable()
export class CommentsRepository {
  constructor(@InjectRepository(CommentEntity) private readonly comments: Repository<CommentEntity>) {}

  /** Approved comments of a post, oldest first. */
  approvedOf(postId: number): Promise<CommentEntity[]> {
    return this.comments.find({ where: { postId, approved: true }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  findApproved(id: number, postId: number): Promise<CommentEntity | null> {
    return this.comments.findOneBy({ id, postId, approved: true });
  }

  findById(id: number): Promise<CommentEntity | null> {
    return this.comments.findOneBy({ id });
  }

  insert(fields: Partial<CommentEntity>): Promise<CommentEntity> {
    return this.comments.save(this.comments.create(fields));
  }

  save(comment: CommentEntity): Promise<CommentEntity> {
    return this.comments.save(comment);
  }

  async delete(id: number): Promise<boolean> {
    return !!(await this.comments.delete({ id })).affected;
  }

  /** Newest first, and how many there are in that state. */
  page(state: CommentState, limit: number, offset: number): Promise<[CommentEntity[], number]> {
    return this.comments.findAndCount({
      where: state === 'all' ? {} : { approved: state === 'approved' },
      order: { createdAt: 'DESC', id: 'DESC' },
      take: limit,
      skip: offset,
    });
  }

  countPending(): Promise<number> {
    return this.comments.countBy({ approved: false });
  }
}
