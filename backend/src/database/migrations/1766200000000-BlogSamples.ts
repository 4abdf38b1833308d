import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sample posts for a first start (issue 28): `is_sample` marks the posts, images, categories and
 * tags `npm start` puts on an empty blog, so one admin click removes exactly those. The one row of
 * `blog_samples` remembers that the question was settled on this database (samples seeded, or
 * not needed because posts were already there) and when they were removed: a restart never seeds
 * again, and removing them never brings them back.
 */
export class BlogSamples1766200000000 implements MigrationInterface {
  name = 'BlogSamples1766200000000';

  async up(q: QueryRunner): Promise<void> {
    for (const table of ['blog_posts', 'media', 'categories', 'tags']) {
      await q.query(`ALTER TABLE ${table} ADD COLUMN is_sample boolean NOT NULL DEFAULT false`);
    }
    await q.query(`CREATE INDEX blog_posts_sample_idx ON blog_posts (id) WHERE is_sample`);
    await q.query(`
      CREATE TABLE blog_samples (
        id smallint PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        seeded boolean NOT NULL,
        decided_at timestamptz NOT NULL DEFAULT now(),
        removed_at timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE blog_samples`);
    await q.query(`DROP INDEX blog_posts_sample_idx`);
    for (const table of ['blog_posts', 'media', 'categories', 'tags']) {
      await q.query(`ALTER TABLE ${table} DROP COLUMN is_sample`);
    }
  }
}
