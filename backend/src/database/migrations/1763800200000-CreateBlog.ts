import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The blog (posts, categories, tags and their link tables, comments, media) and the single-row
 * site settings that the blog's titles, feeds and mails read.
 *
 * Search uses a stored tsvector column (no extension needed, so it works for a database user
 * that is not a superuser): English stems for whole words ("mixes" finds "mixing") plus the
 * unstemmed words, so a prefix query on a partly typed word ("masteri") still hits the index.
 */
export class CreateBlog1763800200000 implements MigrationInterface {
  name = 'CreateBlog1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE categories (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        slug varchar(255) NOT NULL,
        description text,
        parent_id integer REFERENCES categories (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT categories_slug_key UNIQUE (slug)
      )`);
    await q.query(`CREATE UNIQUE INDEX categories_name_lower_key ON categories (lower(name))`);

    await q.query(`
      CREATE TABLE tags (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        slug varchar(255) NOT NULL,
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT tags_slug_key UNIQUE (slug)
      )`);
    await q.query(`CREATE UNIQUE INDEX tags_name_lower_key ON tags (lower(name))`);

    await q.query(`
      CREATE TABLE blog_posts (
        id serial PRIMARY KEY,
        title varchar(255) NOT NULL,
        slug varchar(255) NOT NULL,
        content text NOT NULL,
        excerpt varchar(500),
        featured_image varchar(255),
        status varchar(20) NOT NULL DEFAULT 'draft',
        author_id integer REFERENCES users (id) ON DELETE SET NULL,
        meta_title varchar(255),
        meta_description varchar(300),
        focus_keyword varchar(100),
        seo jsonb,
        word_count integer NOT NULL DEFAULT 0,
        published_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        search_vector tsvector GENERATED ALWAYS AS (
          setweight(to_tsvector('english', title), 'A')
          || setweight(to_tsvector('english', coalesce(excerpt, '')), 'B')
          || to_tsvector('english', content)
          || to_tsvector('simple', title || ' ' || coalesce(excerpt, '') || ' ' || content)
        ) STORED,
        CONSTRAINT blog_posts_slug_key UNIQUE (slug),
        CONSTRAINT blog_posts_status_check CHECK (status IN ('draft', 'published', 'archived'))
      )`);
    // The public list: published posts, newest first; the partial index keeps drafts out of it.
    await q.query(
      `CREATE INDEX blog_posts_published_idx ON blog_posts (published_at DESC, id DESC) WHERE status = 'published'`,
    );
    await q.query(`CREATE INDEX blog_posts_created_idx ON blog_posts (created_at DESC, id DESC)`);
    await q.query(`CREATE INDEX blog_posts_author_idx ON blog_posts (author_id)`);
    await q.query(`CREATE INDEX blog_posts_search_idx ON blog_posts USING gin (search_vector)`);

    await q.query(`
      CREATE TABLE post_categories (
        post_id integer NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
        category_id integer NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
        PRIMARY KEY (post_id, category_id)
      )`);
    await q.query(`CREATE INDEX post_categories_category_idx ON post_categories (category_id, post_id)`);
    await q.query(`
      CREATE TABLE post_tags (
        post_id integer NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
        tag_id integer NOT NULL REFERENCES tags (id) ON DELETE CASCADE,
        PRIMARY KEY (post_id, tag_id)
      )`);
    await q.query(`CREATE INDEX post_tags_tag_idx ON post_tags (tag_id, post_id)`);

    await q.query(`
      CREATE TABLE comments (
        id serial PRIMARY KEY,
        post_id integer NOT NULL REFERENCES blog_posts (id) ON DELETE CASCADE,
        author_name varchar(100) NOT NULL,
        author_email varchar(255) NOT NULL,
        content text NOT NULL,
        user_id integer REFERENCES users (id) ON DELETE SET NULL,
        parent_id integer REFERENCES comments (id) ON DELETE CASCADE,
        approved boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX comments_post_idx ON comments (post_id, created_at)`);
    await q.query(`CREATE INDEX comments_pending_idx ON comments (created_at DESC) WHERE NOT approved`);

    await q.query(`
      CREATE TABLE media (
        id serial PRIMARY KEY,
        file_name varchar(255) NOT NULL,
        file_type varchar(50) NOT NULL,
        file_path varchar(500) NOT NULL,
        file_size integer NOT NULL,
        alt_text varchar(255),
        caption text,
        uploaded_by_id integer REFERENCES users (id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT media_file_name_key UNIQUE (file_name),
        CONSTRAINT media_file_size_check CHECK (file_size > 0)
      )`);
    await q.query(`CREATE INDEX media_created_idx ON media (created_at DESC, id DESC)`);

    // One row (id = 1); a NULL column means "use the default from the environment".
    await q.query(`
      CREATE TABLE settings (
        id smallint PRIMARY KEY DEFAULT 1,
        blog_name varchar(100),
        site_description varchar(300),
        admin_notify_email varchar(255),
        social_links jsonb NOT NULL DEFAULT '{}'::jsonb,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT settings_single_row CHECK (id = 1)
      )`);
    await q.query(`INSERT INTO settings (id) VALUES (1)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE settings`);
    await q.query(`DROP TABLE media`);
    await q.query(`DROP TABLE comments`);
    await q.query(`DROP TABLE post_tags`);
    await q.query(`DROP TABLE post_categories`);
    await q.query(`DROP TABLE blog_posts`);
    await q.query(`DROP TABLE tags`);
    await q.query(`DROP TABLE categories`);
  }
}
