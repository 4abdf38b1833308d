/** Queries for a client changing or withdrawing a note of the round they have not sent yet. */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import { returnedRows } from '../common/query-result';

export interface NoteForChange {
  author: 'client' | 'staff';
  parentId: number | null;
  /** Null for a reply (replies belong to no round). */
  roundStatus: 'draft' | 'submitted' | null;
  replies: number;
}

@Injectable()
export class ReviewNotesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  async note(m: EntityManager, projectId: string, id: number): Promise<NoteForChange | null> {
    const rows: NoteForChange[] = await m.query(
      `SELECT c.author, c.parent_id::int AS "parentId", r.status AS "roundStatus",
              (SELECT count(*)::int FROM project_comments x WHERE x.parent_id = c.id) AS replies
         FROM project_comments c LEFT JOIN project_rounds r ON r.id = c.round_id
        WHERE c.project_id = $1 AND c.id = $2`,
      [projectId, id],
    );
    return rows[0] ?? null;
  }

  async setBody(m: EntityManager, id: number, body: string): Promise<void> {
    await m.query(`UPDATE project_comments SET body = $2 WHERE id = $1`, [id, body]);
  }

  async remove(m: EntityManager, id: number): Promise<boolean> {
    return (
      returnedRows(await m.query(`DELETE FROM project_comments WHERE id = $1 RETURNING id`, [id])).length > 0
    );
  }
}
