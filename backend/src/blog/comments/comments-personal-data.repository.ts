import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { affected, ErasureCount, PersonalDataSource } from '../../common/personal-data';

/** Blog comments left with an address. They are the person's own words: deleted on erasure. */
@Injectable()
export class CommentsPersonalDataRepository implements PersonalDataSource {
  readonly section = 'blogComments';

  constructor(private readonly db: DataSource) {}

  exportFor(email: string): Promise<unknown[]> {
    return this.db.query(
      `SELECT id, post_id AS "postId", author_name AS "authorName", author_email AS "authorEmail",
              content, approved, created_at AS "createdAt"
       FROM comments WHERE lower(author_email) = lower($1) ORDER BY id`,
      [email],
    );
  }

  async eraseFor(email: string, tx: EntityManager): Promise<ErasureCount> {
    const deleted = affected(
      await tx.query(`DELETE FROM comments WHERE lower(author_email) = lower($1)`, [email]),
    );
    return { deleted, anonymised: 0 };
  }
}
