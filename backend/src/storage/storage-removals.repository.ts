/** Every query on storage_removals: the files waiting to leave storage (see storage-removals.ts). */
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';

@Injectable()
export class StorageRemovalsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Notes keys to remove, inside the caller's transaction. */
  async add(tx: EntityManager, keys: string[]): Promise<void> {
    if (!keys.length) return;
    await tx.query(
      `INSERT INTO storage_removals (key) SELECT unnest($1::varchar[]) ON CONFLICT (key) DO NOTHING`,
      [keys],
    );
  }

  async done(keys: string[]): Promise<void> {
    if (!keys.length) return;
    await this.db.query(`DELETE FROM storage_removals WHERE key = ANY($1::varchar[])`, [keys]);
  }

  async failed(keys: string[], error: string): Promise<void> {
    if (!keys.length) return;
    await this.db.query(
      `UPDATE storage_removals SET attempts = attempts + 1, last_error = $2 WHERE key = ANY($1::varchar[])`,
      [keys, error.slice(0, 500)],
    );
  }

  /** Keys noted at least `olderThanMs` ago, oldest first. */
  async due(olderThanMs: number, limit: number): Promise<string[]> {
    const rows: { key: string }[] = await this.db.query(
      `SELECT key FROM storage_removals
        WHERE queued_at <= now() - make_interval(secs => $1::double precision / 1000)
        ORDER BY queued_at LIMIT $2`,
      [olderThanMs, limit],
    );
    return rows.map((r) => r.key);
  }
}
