import { DataSource } from 'typeorm';
import { THROTTLES } from '../src/common/guards/public-throttle';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { SmtpSink } from './support/smtp-sink';
import { TestApp } from './support/test-app';

const FORM = 'application/x-www-form-urlencoded';
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe('forms posted without JavaScript (HTTP)', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let db: DataSource;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({
      ADMIN_NOTIFY_EMAIL: 'studio@example.com',
    }));
    db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO blog_posts (title, slug, content, status, author_id, published_at)
       SELECT 'Gain staging', 'gain-staging', '<p>Keep your levels sane before the mix.</p>', 'published', id, now()
       FROM users WHERE username = 'admin'`,
    );
  });
  afterAll(() => closeTestApp(t, sink));

  const contact = {
    name: 'Grace Hopper',
    email: 'grace@example.com',
    service: 'mix',
    message: 'Three songs to mix, stems ready next week.',
    website: '',
  };

  it('takes the contact form at /contact, stores it, mails like the API and redirects to a thank-you page', async () => {
    const res = await t.http().post('/contact?service=mix').set('content-type', FORM).send(form(contact));
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/thanks/contact');
    const [row] = await db.query(`SELECT name, email, service, message FROM contacts`);
    expect(row).toEqual({
      name: contact.name,
      email: contact.email,
      service: 'mix',
      message: contact.message,
    });
    const mails = await sink.waitForMailsTo('studio@example.com');
    expect(mails[0].parsed.subject).toContain('New contact message from Grace Hopper');

    const page = await t.http().get('/thanks/contact');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Message Sent Successfully!');
  });

  it('answers a broken form with an HTML page carrying the API messages, storing nothing', async () => {
    const before = (await db.query(`SELECT count(*)::int AS n FROM contacts`))[0].n;
    const res = await t
      .http()
      .post('/contact')
      .set('content-type', FORM)
      .send(form({ ...contact, service: 'karaoke', message: 'short' }));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.text).toContain('Please select a valid service');
    expect(res.text).toContain('href="http://localhost:3000/contact"');
    expect(() => JSON.parse(res.text)).toThrow();
    expect((await db.query(`SELECT count(*)::int AS n FROM contacts`))[0].n).toBe(before);
  });

  it('takes the newsletter and comment forms the same way', async () => {
    const sub = await t
      .http()
      .post('/newsletter')
      .set('content-type', FORM)
      .send(form({ email: 'Ann@Example.com' }));
    expect(sub.status).toBe(303);
    expect(sub.headers.location).toBe('/thanks/newsletter');
    expect(await db.query(`SELECT email FROM newsletter_subscribers`)).toEqual([
      { email: 'ann@example.com' },
    ]);
    expect((await t.http().get('/thanks/newsletter')).text).toContain('check your inbox');

    const comment = await t
      .http()
      .post('/blog/post/gain-staging')
      .set('content-type', FORM)
      .send(form({ authorName: 'Lin', authorEmail: 'lin@example.com', content: 'Very useful, thanks!' }));
    expect(comment.status).toBe(303);
    expect(comment.headers.location).toBe('/thanks/comment?post=gain-staging');
    expect(await db.query(`SELECT author_name, approved FROM comments`)).toEqual([
      { author_name: 'Lin', approved: false },
    ]);
    const thanks = await t.http().get('/thanks/comment?post=gain-staging');
    expect(thanks.text).toContain('href="http://localhost:3000/blog/post/gain-staging"');

    const missing = await t
      .http()
      .post('/blog/post/no-such-post')
      .set('content-type', FORM)
      .send(form({ authorName: 'Lin', authorEmail: 'lin@example.com', content: 'Very useful, thanks!' }));
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
  });

  it('shares the rate limit with the JSON API and says so in HTML', async () => {
    const [limit] = THROTTLES.contact;
    const ip = '203.0.113.9';
    const inject = (url: string, payload: string, type: string) =>
      t.app
        .getHttpAdapter()
        .getInstance()
        .inject({
          method: 'POST',
          url,
          payload,
          headers: { 'content-type': type },
          remoteAddress: ip,
        });
    for (let i = 0; i < limit; i++) {
      const res = await inject(
        '/api/contact',
        JSON.stringify({ ...contact, website: undefined }),
        'application/json',
      );
      expect(res.statusCode).toBe(201);
    }
    const res = await inject('/contact', form(contact), FORM);
    expect(res.statusCode).toBe(429);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toContain('Please wait a moment');
  });
});
