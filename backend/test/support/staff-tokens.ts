import { DataSource } from 'typeorm';
import { loginAs, TestApp } from './test-app';

export interface StaffTokens {
  admin: string;
  editor: string;
  author: string;
}

const SEED_PASSWORD = 'admin-password-1';

/**
 * An admin, an editor and an author, each logged in through the real login (for the role checks
 * of admin routes). The editor and author are inserted with the seeded admin's password hash,
 * and the three logins run side by side: password hashing is the slow part of a test's setup.
 */
export async function staffTokens(t: TestApp, tag: string): Promise<StaffTokens> {
  const db = t.app.get(DataSource);
  for (const role of ['editor', 'author']) {
    await db.query(
      `INSERT INTO users (username, email, password, role)
       SELECT $1, $2, password, $3 FROM users WHERE username = 'admin'`,
      [`${role}_${tag}`, `${role}_${tag}@example.com`, role],
    );
  }
  const [admin, editor, author] = await Promise.all([
    loginAs(t, 'admin', SEED_PASSWORD),
    loginAs(t, `editor_${tag}`, SEED_PASSWORD),
    loginAs(t, `author_${tag}`, SEED_PASSWORD),
  ]);
  return { admin, editor, author };
}

/** Asserts the anonymous 401 and the editor/author 403 of an admin-only route. */
export async function expectAdminOnly(
  t: TestApp,
  tokens: StaffTokens,
  method: 'get' | 'post' | 'put' | 'patch' | 'delete',
  path: string,
  body?: object,
): Promise<void> {
  const anon = await t.http()[method](path).send(body);
  expect([path, anon.status, anon.body.success]).toEqual([path, 401, false]);
  for (const role of ['editor', 'author'] as const) {
    const res = await t.http()[method](path).set('authorization', `Bearer ${tokens[role]}`).send(body);
    expect([path, role, res.status, res.body.code]).toEqual([path, role, 403, 'FORBIDDEN']);
  }
}
