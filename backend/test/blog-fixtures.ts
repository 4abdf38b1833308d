/** Shared set-up for the blog HTTP tests: staff tokens, posts, terms and tiny valid images. */
import Redis from 'ioredis';
import { DataSource } from 'typeorm';
import { adminToken, REDIS_URL, registerAndLogin, TestApp } from './support/test-app';

export interface Tokens {
  admin: string;
  editor: string;
  author: string;
}

/** Registers `username` and gives it a role directly in the database (there is no API for that yet). */
export async function userWithRole(
  t: TestApp,
  username: string,
  role: 'admin' | 'editor' | 'author',
): Promise<string> {
  const token = await registerAndLogin(t, username);
  await t.app.get(DataSource).query(`UPDATE users SET role = $1 WHERE username = $2`, [role, username]);
  return token;
}

export async function tokens(t: TestApp, prefix = 'blog'): Promise<Tokens> {
  return {
    admin: await adminToken(t),
    editor: await userWithRole(t, `${prefix}editor`, 'editor'),
    author: await userWithRole(t, `${prefix}author`, 'author'),
  };
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export const LONG_CONTENT =
  '<p>Gain staging keeps every plugin in its sweet spot and leaves headroom for the mix bus.</p>';

export interface PostBody {
  title: string;
  content?: string;
  [key: string]: unknown;
}

/** POSTs `body` to an admin create endpoint and returns `res.body[noun]`; any status but 201 fails the test. */
async function adminCreate(t: TestApp, token: string, path: string, noun: string, body: object) {
  const res = await t.http().post(path).set(bearer(token)).send(body);
  if (res.status !== 201) throw new Error(`create ${noun} failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body[noun];
}

/** Creates a post through the admin API and returns it (fails the test on any other status). */
export function createPost(t: TestApp, token: string, body: PostBody) {
  return adminCreate(t, token, '/api/admin/blog/posts', 'post', {
    ...body,
    content: body.content ?? LONG_CONTENT,
  });
}

export function createCategory(t: TestApp, token: string, name: string, extra: Record<string, unknown> = {}) {
  return adminCreate(t, token, '/api/admin/blog/categories', 'category', { name, ...extra });
}

export function createTag(t: TestApp, token: string, name: string, extra: Record<string, unknown> = {}) {
  return adminCreate(t, token, '/api/admin/blog/tags', 'tag', { name, ...extra });
}

/** Real 1x1 images (file-type reads the first bytes, so these are recognised as what they are). */
export const IMAGES = {
  png: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  ),
  gif: Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
  jpeg: Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAABAAEDASIAAhEBAxEB/8QAFAABAAAAAAAAAAAAAAAAAAAAAP/EABQQAQAAAAAAAAAAAAAAAAAAAAD/xAAUAQEAAAAAAAAAAAAAAAAAAAAA/8QAFBEBAAAAAAAAAAAAAAAAAAAAAP/aAAwDAQACEQMRAD8AAA//2Q==',
    'base64',
  ),
  webp: Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64'),
};
export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="1" height="1"/></svg>',
);

/** Forgets every rate-limit counter of this app, so one test's requests do not throttle the next. */
export async function resetRateLimits(t: TestApp): Promise<void> {
  const redis = new Redis(REDIS_URL);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${t.config.redis.prefix}:{*}:*`, 'COUNT', 500);
      if (keys.length) await redis.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
}
