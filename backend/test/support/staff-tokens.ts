import { DataSource } from 'typeorm';
import { adminToken, registerAndLogin, TestApp } from './test-app';

export interface StaffTokens {
  admin: string;
  editor: string;
  author: string;
}

/** An admin, an editor and an author, each logged in (for the role checks of admin routes). */
export async function staffTokens(t: TestApp, tag: string): Promise<StaffTokens> {
  const editorName = `editor_${tag}`;
  const author = await registerAndLogin(t, `author_${tag}`);
  await registerAndLogin(t, editorName);
  await t.app.get(DataSource).query(`UPDATE users SET role = 'editor' WHERE username = $1`, [editorName]);
  // The role is read from the database on each request, so the same token now acts as an editor.
  const editor = await registerAndLoginAgain(t, editorName);
  return { admin: await adminToken(t), editor, author };
}

async function registerAndLoginAgain(t: TestApp, username: string): Promise<string> {
  const res = await t.http().post('/api/login').send({ username, password: 'password-123' });
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`);
  return res.body.authToken as string;
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
