import Fastify from 'fastify';
import { existsSync } from 'node:fs';
import { multipartPlugin } from './multipart';

const BOUNDARY = 'studio-test-boundary';
const body =
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
  `Content-Type: text/plain\r\n\r\nhello\r\n--${BOUNDARY}--\r\n`;

describe('multipartPlugin', () => {
  it('parses uploads and still deletes the files a request spooled once it is answered', async () => {
    const app = Fastify();
    await app.register(multipartPlugin, { limits: { fileSize: 1024, files: 1 } });
    const spooled: string[] = [];
    app.post('/save', async (req) => {
      const files = await (
        req as unknown as { saveRequestFiles(): Promise<{ filepath: string }[]> }
      ).saveRequestFiles();
      spooled.push(...files.map((f) => f.filepath));
      return { saved: files.length, there: files.every((f) => existsSync(f.filepath)) };
    });
    app.get('/plain', () => ({ ok: true }));
    await app.ready();

    const res = await app.inject({
      method: 'POST',
      url: '/save',
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    expect(res.json()).toEqual({ saved: 1, there: true });
    expect(spooled).toHaveLength(1);
    // The onResponse hook runs once the answer has left; inject resolves before it may finish.
    for (let i = 0; i < 50 && existsSync(spooled[0]); i++) await new Promise((r) => setTimeout(r, 10));
    expect(existsSync(spooled[0])).toBe(false);

    expect((await app.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ ok: true });
    expect(app.hasPlugin('@fastify/multipart')).toBe(true);
    await app.close();
  });
});
