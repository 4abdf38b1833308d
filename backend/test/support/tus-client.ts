/** A minimal tus 1.0 client over supertest, so tests see every status and header. */
import { TestApp } from './test-app';

const TUS = { 'tus-resumable': '1.0.0' };

const encodeMeta = (meta: Record<string, string>) =>
  Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

export function tusCreate(t: TestApp, cookie: string | null, length: number, meta: Record<string, string>) {
  const req = t
    .http()
    .post('/api/uploads')
    .set(TUS)
    .set('upload-length', String(length))
    .set('upload-metadata', encodeMeta(meta));
  return cookie ? req.set('cookie', cookie) : req;
}

export function tusPatch(t: TestApp, cookie: string | null, location: string, offset: number, body: Buffer) {
  const req = t
    .http()
    .patch(location)
    .set(TUS)
    .set('upload-offset', String(offset))
    .set('content-type', 'application/offset+octet-stream')
    .send(body);
  return cookie ? req.set('cookie', cookie) : req;
}

export function tusHead(t: TestApp, cookie: string | null, location: string) {
  const req = t.http().head(location).set(TUS);
  return cookie ? req.set('cookie', cookie) : req;
}

/** Creates and sends a whole file in one PATCH; returns the upload's location and final status. */
export async function tusUpload(t: TestApp, cookie: string, projectId: string, name: string, body: Buffer) {
  const created = await tusCreate(t, cookie, body.length, { projectId, filename: name });
  if (created.status !== 201) return { location: null, created, status: created.status, body: created.body };
  const location = created.headers.location as string;
  const patched = await tusPatch(t, cookie, location, 0, body);
  return { location, created, status: patched.status, body: patched.body, text: patched.text };
}
