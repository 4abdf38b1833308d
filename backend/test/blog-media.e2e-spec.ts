import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { join } from 'node:path';
import { LIMITS } from '@studio/shared';
import { createTestApp, TestApp } from './support/test-app';
import { bearer, createPost, IMAGES, SVG, tokens, Tokens } from './blog-fixtures';

const WRONG_TYPE = {
  success: false,
  message: 'Only JPEG, PNG, WebP and GIF images can be uploaded.',
  code: 'UNSUPPORTED_FILE_TYPE',
};

/** The media library: uploads checked by content and size, stored under random names, served at /uploads. */
describe('blog media (HTTP)', () => {
  let t: TestApp;
  let tk: Tokens;

  beforeAll(async () => {
    t = await createTestApp();
    tk = await tokens(t, 'med');
  });
  afterAll(() => t.close());

  const upload = (buffer: Buffer, filename: string, token = tk.editor) =>
    t.http().post('/api/admin/blog/media').set(bearer(token)).attach('file', buffer, filename);

  it('keeps anonymous callers (401) and authors (403) out', async () => {
    expect((await t.http().get('/api/admin/blog/media')).status).toBe(401);
    expect((await t.http().post('/api/admin/blog/media').attach('file', IMAGES.png, 'a.png')).status).toBe(
      401,
    );
    expect((await upload(IMAGES.png, 'a.png', tk.author)).status).toBe(403);
    expect(
      (await t.http().put('/api/admin/blog/media/1').set(bearer(tk.author)).send({ altText: 'x' })).status,
    ).toBe(403);
    expect((await t.http().delete('/api/admin/blog/media/1').set(bearer(tk.author))).status).toBe(403);
    expect(readdirSync(t.config.uploadDir)).toEqual([]);
  });

  it('accepts JPEG, PNG, WebP and GIF, recognised by content, under random names', async () => {
    const cases: [keyof typeof IMAGES, string, string][] = [
      ['png', 'image/png', 'png'],
      ['jpeg', 'image/jpeg', 'jpg'],
      ['webp', 'image/webp', 'webp'],
      ['gif', 'image/gif', 'gif'],
    ];
    for (const [kind, mime, ext] of cases) {
      // The name the browser sends says nothing about what the file is.
      const res = await upload(IMAGES[kind], `holiday photo.${kind === 'png' ? 'jpg' : 'bin'}`);
      expect([kind, res.status]).toEqual([kind, 201]);
      const m = res.body.media;
      expect(res.body).toMatchObject({ success: true, message: 'Media uploaded' });
      expect(m).toMatchObject({
        fileType: mime,
        fileSize: IMAGES[kind].length,
        altText: null,
        caption: null,
      });
      expect(m.fileName).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
      expect(m.filePath).toBe(`/uploads/${m.fileName}`);
      expect(m.url).toBe(`/uploads/${m.fileName}`);
      expect(existsSync(join(t.config.uploadDir, m.fileName))).toBe(true);
      const served = await t.http().get(m.url);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe(mime);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('stores a JPEG as AVIF, WebP and JPEG at three widths and a 1200×630 share image', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#c05030' } })
      .jpeg()
      .toBuffer();
    const res = await upload(photo, 'session.jpg');
    expect(res.status).toBe(201);
    const { fileName } = res.body.media;
    const id = fileName.replace(/\.jpg$/, '');
    const expected: [string, string, number, number][] = [];
    for (const [width, height] of [
      [480, 252],
      [960, 504],
      [1440, 756],
    ]) {
      expected.push(
        [`${id}-${width}.avif`, 'image/avif', width, height],
        [`${id}-${width}.webp`, 'image/webp', width, height],
        [`${id}-${width}.jpg`, 'image/jpeg', width, height],
      );
    }
    expected.push([`${id}-share.jpg`, 'image/jpeg', 1200, 630]);
    // Versions for the article's text keep the photo's 4:3 shape.
    expected.push(
      [`${id}-w480.webp`, 'image/webp', 480, 360],
      [`${id}-w960.webp`, 'image/webp', 960, 720],
      [`${id}-w1440.webp`, 'image/webp', 1440, 1080],
    );
    for (const [name, type, width, height] of expected) {
      const served = await t
        .http()
        .get(`/uploads/${name}`)
        .buffer(true)
        .parse((r, done) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect([name, served.status, served.headers['content-type']]).toEqual([name, 200, type]);
      const meta = await sharp(served.body as Buffer).metadata();
      expect([name, meta.width, meta.height]).toEqual([name, width, height]);
    }
    // A WebP upload has two formats, a GIF none (it may be animated).
    const webp = (await upload(IMAGES.webp, 'a.webp')).body.media.fileName.replace(/\.webp$/, '');
    expect(existsSync(join(t.config.uploadDir, `${webp}-480.avif`))).toBe(true);
    expect(existsSync(join(t.config.uploadDir, `${webp}-480.webp`))).toBe(true);
    const gif = (await upload(IMAGES.gif, 'a.gif')).body.media;
    expect(readdirSync(t.config.uploadDir).filter((f) => f.startsWith(gif.fileName.slice(0, 32)))).toEqual([
      gif.fileName,
    ]);

    // Deleting the upload deletes its versions.
    const del = await t.http().delete(`/api/admin/blog/media/${res.body.media.id}`).set(bearer(tk.editor));
    expect(del.status).toBe(200);
    expect(readdirSync(t.config.uploadDir).filter((f) => f.startsWith(id))).toEqual([]);
  });

  it('writes the intrinsic size of library images into a saved post, keeping sizes the author set', async () => {
    const portrait = await sharp({ create: { width: 600, height: 900, channels: 3, background: '#203050' } })
      .png()
      .toBuffer();
    const { fileName } = (await upload(portrait, 'portrait.png')).body.media;
    expect(existsSync(join(t.config.uploadDir, fileName.replace('.png', '-w480.webp')))).toBe(true);
    // No version as wide as the original or wider.
    expect(existsSync(join(t.config.uploadDir, fileName.replace('.png', '-w960.webp')))).toBe(false);
    const post = await createPost(t, tk.editor, {
      title: 'Image sizes in the text',
      status: 'draft',
      content:
        `<p>Before the take.</p><p><img src="/uploads/${fileName}" alt="Desk"></p>` +
        `<p><img src="/uploads/${fileName}" alt="Small" width="300"></p>` +
        '<p><img src="https://example.com/elsewhere.jpg" alt="Elsewhere"></p>',
    });
    expect(post.content).toContain(`<img src="/uploads/${fileName}" alt="Desk" width="600" height="900" />`);
    expect(post.content).toContain(`<img src="/uploads/${fileName}" alt="Small" width="300" />`);
    expect(post.content).toContain('<img src="https://example.com/elsewhere.jpg" alt="Elsewhere" />');
  });

  it('refuses an image that does not decode with 400, and keeps nothing', async () => {
    const before = readdirSync(t.config.uploadDir).length;
    const broken = Buffer.concat([IMAGES.jpeg.subarray(0, 20), Buffer.alloc(40)]);
    const res = await upload(broken, 'broken.jpg');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false,
      message: 'The image could not be read. Please upload another file.',
      code: 'UNREADABLE_IMAGE',
    });
    expect(readdirSync(t.config.uploadDir).length).toBe(before);
  });

  it('stores alt text and caption sent with the upload', async () => {
    const res = await t
      .http()
      .post('/api/admin/blog/media')
      .set(bearer(tk.admin))
      .field('altText', 'Mixing desk')
      .field('caption', 'The SSL in studio B')
      .attach('file', IMAGES.png, 'desk.png');
    expect(res.status).toBe(201);
    expect(res.body.media).toMatchObject({ altText: 'Mixing desk', caption: 'The SSL in studio B' });
  });

  it('refuses SVG and anything else that is not one of the four image types with 400', async () => {
    expect((await upload(SVG, 'logo.svg')).body).toEqual(WRONG_TYPE);
    const svg = await t
      .http()
      .post('/api/admin/blog/media')
      .set(bearer(tk.editor))
      .attach('file', SVG, { filename: 'logo.png', contentType: 'image/png' });
    expect(svg.status).toBe(400);
    expect(svg.body).toEqual(WRONG_TYPE);
    const pdf = await upload(Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'doc.png');
    expect(pdf.status).toBe(400);
    expect(pdf.body).toEqual(WRONG_TYPE);
    const text = await upload(Buffer.from('just some text pretending'), 'x.jpg');
    expect(text.body).toEqual(WRONG_TYPE);
  });

  it('answers 400 for a missing or empty file, a non-multipart body and bad fields', async () => {
    const none = await t.http().post('/api/admin/blog/media').set(bearer(tk.editor)).field('altText', 'x');
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({
      success: false,
      message: 'Choose an image to upload.',
      code: 'FILE_REQUIRED',
    });
    const json = await t.http().post('/api/admin/blog/media').set(bearer(tk.editor)).send({ file: 'x' });
    expect(json.status).toBe(400);
    expect(json.body.code).toBe('FILE_REQUIRED');
    const empty = await upload(Buffer.alloc(0), 'empty.png');
    expect(empty.status).toBe(400);
    const wrongField = await t
      .http()
      .post('/api/admin/blog/media')
      .set(bearer(tk.editor))
      .attach('image', IMAGES.png, 'a.png');
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.message).toBe('Unexpected file in field "image"');
    const longAlt = await t
      .http()
      .post('/api/admin/blog/media')
      .set(bearer(tk.editor))
      .field('altText', 'a'.repeat(256))
      .attach('file', IMAGES.png, 'a.png');
    expect(longAlt.status).toBe(400);
    expect(longAlt.body.message).toBe('Alt text must be at most 255 characters');
  });

  it('answers 413 in the error shape for a file over 10 MB, and keeps nothing', async () => {
    const before = readdirSync(t.config.uploadDir).length;
    const big = Buffer.concat([IMAGES.png, Buffer.alloc(LIMITS.upload.maxBytes)]);
    const res = await upload(big, 'huge.png');
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      success: false,
      message: 'The upload is too large.',
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(readdirSync(t.config.uploadDir).length).toBe(before);
  });

  it('lists newest first, updates alt text and caption, and deletes record and file', async () => {
    const first = (await upload(IMAGES.gif, 'first.gif')).body.media;
    const second = (await upload(IMAGES.gif, 'second.gif')).body.media;
    const list = await t.http().get('/api/admin/blog/media').set(bearer(tk.editor));
    expect(list.status).toBe(200);
    expect(list.body.media.slice(0, 2).map((m: { id: number }) => m.id)).toEqual([second.id, first.id]);

    const upd = await t
      .http()
      .put(`/api/admin/blog/media/${first.id}`)
      .set(bearer(tk.editor))
      .send({ altText: 'Vocal booth', caption: '' });
    expect(upd.status).toBe(200);
    expect(upd.body).toMatchObject({
      success: true,
      message: 'Media updated',
      media: { id: first.id, altText: 'Vocal booth', caption: null },
    });
    const bad = await t
      .http()
      .put(`/api/admin/blog/media/${first.id}`)
      .set(bearer(tk.editor))
      .send({ caption: 'c'.repeat(1001) });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Caption must be at most 1000 characters');
    expect(
      (await t.http().put('/api/admin/blog/media/999999').set(bearer(tk.editor)).send({ altText: 'x' }))
        .status,
    ).toBe(404);

    const post = await createPost(t, tk.admin, {
      title: 'Pictured',
      status: 'published',
      featuredImage: first.fileName,
    });
    expect(post.featuredImage).toBe(first.fileName);
    const del = await t.http().delete(`/api/admin/blog/media/${first.id}`).set(bearer(tk.editor));
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ success: true, message: 'Media deleted' });
    expect(existsSync(join(t.config.uploadDir, first.fileName))).toBe(false);
    expect((await t.http().get(`/uploads/${first.fileName}`)).status).toBe(404);
    expect((await t.http().get(`/api/blog/posts/${post.slug}`)).body.post.featuredImage).toBeNull();
    const again = await t.http().delete(`/api/admin/blog/media/${first.id}`).set(bearer(tk.editor));
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ success: false, message: 'Media not found', code: 'MEDIA_NOT_FOUND' });
  });
});
