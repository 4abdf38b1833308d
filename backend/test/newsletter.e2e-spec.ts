import { DataSource } from 'typeorm';
import { LotteryService } from '../src/newsletter/lottery/lottery.service';
import { NewsletterService, SUBSCRIBE_MESSAGES } from '../src/newsletter/newsletter.service';
import { ReferralService } from '../src/referral/referral.service';
import { closeTestApp, createTestAppWithSink } from './support/app-with-services';
import { ReceivedMail, SmtpSink } from './support/smtp-sink';
import { adminToken, registerAndLogin, TestApp } from './support/test-app';

const ADMIN_INBOX = 'studio-admin@example.com';
const PUBLIC_URL = 'https://studio.example.com';
/** Handlebars writes "=" in attribute values as &#x3D;. */
const decode = (html: string | false | undefined) =>
  String(html)
    .replace(/&#x3D;/g, '=')
    .replace(/&amp;/g, '&');

describe('newsletter (HTTP)', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let db: DataSource;
  beforeAll(async () => {
    ({ t, sink } = await createTestAppWithSink({
      ADMIN_NOTIFY_EMAIL: ADMIN_INBOX,
      PUBLIC_URL,
    }));
    db = t.app.get(DataSource);
  });
  afterAll(() => closeTestApp(t, sink));
  beforeEach(() => sink.clear());

  const subscribe = (body: Record<string, unknown>) => t.http().post('/api/newsletter/subscribe').send(body);
  const subscriber = async (email: string) =>
    (await db.query('SELECT * FROM newsletter_subscribers WHERE lower(email) = $1', [email]))[0];

  function confirmLink(mail: ReceivedMail): string {
    const match = /https:\/\/studio\.example\.com(\/api\/newsletter\/confirm\?token=[A-Za-z0-9_.-]+)/.exec(
      mail.parsed.text ?? '',
    );
    if (!match) throw new Error('no confirmation link in the text part');
    return match[1];
  }

  /** Signs up and follows the link of the confirmation mail; resolves with the welcome mail. */
  async function subscribeConfirmed(email: string, referralCode?: string): Promise<ReceivedMail> {
    const before = sink.to(email).length;
    await t.app.get(NewsletterService).subscribe(email, referralCode);
    const [confirmation] = (await sink.waitForMailsTo(email, before + 1)).slice(before);
    const page = await t.http().get(confirmLink(confirmation));
    expect(page.status).toBe(200);
    return (await sink.waitForMailsTo(email, before + 2))[before + 1];
  }

  function unsubscribeLink(mail: ReceivedMail): string {
    const match = /https:\/\/studio\.example\.com\/api\/newsletter\/unsubscribe\?token=[A-Za-z0-9_.-]+/.exec(
      mail.parsed.text ?? '',
    );
    if (!match) throw new Error('no unsubscribe link in the text part');
    return match[0];
  }

  it('mails a confirmation link first, and the welcome with the guide only once it is followed', async () => {
    const res = await subscribe({ email: ' Mia@Example.com ' });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      success: true,
      message: SUBSCRIBE_MESSAGES['confirmation-sent'],
      status: 'confirmation-sent',
      alreadySubscribed: false,
      emailStatus: { confirmation: true },
    });
    expect(await subscriber('mia@example.com')).toMatchObject({
      email: 'mia@example.com',
      has_discount: false,
      unsubscribed_at: null,
      confirmed_at: null,
    });
    const [confirmation] = await sink.waitForMailsTo('mia@example.com');
    expect(confirmation.parsed.subject).toBe('Please confirm your Mixdown Studio newsletter subscription');
    expect(confirmation.parsed.attachments).toHaveLength(0);
    // Not on the list until confirmed: not counted, not in the lottery.
    expect(await t.app.get(NewsletterService).countActive()).toBe(0);

    const link = confirmLink(confirmation);
    const other = Buffer.from('someone@example.com').toString('base64url');
    const forged = await t.http().get(link.replace(/token=[^.]+/, `token=${other}`));
    expect(forged.status).toBe(400);
    expect(forged.text).toContain('This confirmation link is not valid');
    const page = await t.http().get(link);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Your subscription is confirmed');
    expect((await subscriber('mia@example.com')).confirmed_at).not.toBeNull();
    expect(await t.app.get(NewsletterService).countActive()).toBe(1);
    const twice = await t.http().get(link);
    expect(twice.text).toContain('You are already confirmed');

    const [, welcome] = await sink.waitForMailsTo('mia@example.com', 2);
    expect(welcome.parsed.subject).toBe('Welcome to the Mixdown Studio newsletter: your free mixing guide');
    expect(welcome.parsed.text).toContain(`${PUBLIC_URL}/api/newsletter/guide.pdf`);
    expect(welcome.parsed.html).toContain(`href="${PUBLIC_URL}/api/newsletter/guide.pdf"`);

    const [pdf] = welcome.parsed.attachments;
    expect(pdf).toMatchObject({ filename: 'free-mixing-guide.pdf', contentType: 'application/pdf' });
    expect(pdf.content.subarray(0, 5).toString()).toBe('%PDF-');

    const unsubscribe = unsubscribeLink(welcome);
    expect(decode(welcome.parsed.html)).toContain(`href="${unsubscribe}"`);
    expect(welcome.header('list-unsubscribe')).toBe(
      `<${unsubscribe}>, <mailto:bookings@localhost?subject=unsubscribe>`,
    );
    expect(welcome.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
  });

  it('answers a second sign-up with a friendly success, no second row and no second mail', async () => {
    await subscribeConfirmed('leo@example.com');
    const again = await subscribe({ email: 'LEO@example.com' });
    expect(again.status).toBe(201);
    expect(again.body).toMatchObject({
      success: true,
      alreadySubscribed: true,
      emailStatus: { confirmation: null },
    });
    expect(again.body.message).toBe(
      "You're already subscribed. Keep an eye on your inbox for the next newsletter.",
    );
    expect(
      await db.query(`SELECT id FROM newsletter_subscribers WHERE lower(email) = 'leo@example.com'`),
    ).toHaveLength(1);
    await new Promise((r) => setTimeout(r, 700));
    expect(sink.to('leo@example.com')).toHaveLength(2); // the confirmation and the welcome
  });

  it('keeps concurrent sign-ups of one address to one row and one welcome', async () => {
    const newsletter = t.app.get(NewsletterService);
    const results = await Promise.all(
      ['rush@example.com', 'RUSH@example.com', 'Rush@Example.com'].map((e) => newsletter.subscribe(e)),
    );
    expect(results.map((r) => r.status)).toEqual([
      'confirmation-sent',
      'confirmation-sent',
      'confirmation-sent',
    ]);
    expect(
      await db.query(`SELECT id FROM newsletter_subscribers WHERE lower(email) = 'rush@example.com'`),
    ).toHaveLength(1);
    const mails = await sink.waitForMailsTo('rush@example.com', 3);
    const page = await t.http().get(confirmLink(mails[0]));
    expect(page.status).toBe(200);
    await sink.waitForMailsTo('rush@example.com', 4);
    await new Promise((r) => setTimeout(r, 500));
    // Three confirmations (the per-address cap) and one welcome, whichever link was followed.
    expect(sink.to('rush@example.com').filter((m) => m.parsed.subject?.startsWith('Welcome'))).toHaveLength(
      1,
    );
  });

  it('validates the email on the server', async () => {
    const empty = await subscribe({ email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter your email address to subscribe');
    const bad = await subscribe({ email: 'nope' });
    expect(bad.body).toMatchObject({
      success: false,
      code: 'VALIDATION_FAILED',
      message: 'Please enter a valid email address.',
    });
    const long = await subscribe({ email: `${'a'.repeat(250)}@example.com` });
    expect(long.status).toBe(400);
  });

  it('serves the free mixing guide as a PDF', async () => {
    const res = await t
      .http()
      .get('/api/newsletter/guide.pdf')
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf = res.body as Buffer;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('unsubscribes with the signed link (GET page and RFC 8058 POST), keeps the row, and revives on re-subscribe', async () => {
    const welcome = await subscribeConfirmed('zoe@example.com');
    const link = new URL(unsubscribeLink(welcome));

    const page = await t.http().get(link.pathname + link.search);
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('You have been unsubscribed');
    expect(page.text).toContain('zoe@example.com');
    expect((await subscriber('zoe@example.com')).unsubscribed_at).not.toBeNull();

    // One-click as mail providers do it: a form POST to the header's URL, no login.
    const oneClick = await t
      .http()
      .post(link.pathname + link.search)
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(oneClick.status).toBe(200);
    expect(oneClick.body).toEqual({
      success: true,
      message: 'zoe@example.com has been unsubscribed from the newsletter.',
    });

    const forged = link.search.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const bad = await t.http().get(link.pathname + forged);
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('This unsubscribe link is not valid');
    const badPost = await t
      .http()
      .post('/api/newsletter/unsubscribe?token=abc.def')
      .type('form')
      .send('List-Unsubscribe=One-Click');
    expect(badPost.status).toBe(400);
    expect(badPost.body).toMatchObject({ success: false, code: 'INVALID_UNSUBSCRIBE_TOKEN' });

    sink.clear();
    const back = await subscribe({ email: 'zoe@example.com' });
    // Back on the list only by confirming again: anyone could have typed the address.
    expect(back.body).toMatchObject({
      success: true,
      alreadySubscribed: false,
      status: 'confirmation-sent',
      emailStatus: { confirmation: true },
    });
    expect(await subscriber('zoe@example.com')).toMatchObject({ unsubscribed_at: null, confirmed_at: null });
    expect(
      await db.query(`SELECT id FROM newsletter_subscribers WHERE email = 'zoe@example.com'`),
    ).toHaveLength(1);
    await sink.waitForMailsTo('zoe@example.com');
  });

  it('records a referral on sign-up and refuses a code that cannot be used', async () => {
    const referrals = t.app.get(ReferralService);
    const code = await referrals.generate('Referrer@Example.com');
    const res = await subscribe({ email: 'other-friend@example.com', referralCode: code.code.toLowerCase() });
    expect(res.status).toBe(201);
    expect(await subscriber('other-friend@example.com')).toMatchObject({
      referred_by: 'referrer@example.com',
      has_discount: true,
    });
    const welcome = await subscribeConfirmed('friend@example.com', code.code.toLowerCase());
    expect(welcome.parsed.text).toContain('A friend referred you');

    const unknown = await subscribe({ email: 'other@example.com', referralCode: 'ZZZZZZZZ' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({
      success: false,
      message: 'Invalid referral code',
      code: 'INVALID_REFERRAL_CODE',
    });
    const own = await subscribe({ email: 'referrer@example.com', referralCode: code.code });
    expect(own.status).toBe(400);
    expect(own.body.code).toBe('OWN_REFERRAL_CODE');
    expect(await subscriber('other@example.com')).toBeUndefined();
    await db.query(`DELETE FROM newsletter_subscribers WHERE email = 'other-friend@example.com'`);
  });

  it('lists subscribers and draws in the back office, for admins only', async () => {
    expect((await t.http().get('/api/admin/subscribers')).status).toBe(401);
    const author = await registerAndLogin(t, 'newsauthor');
    expect(
      (await t.http().get('/api/admin/subscribers').set('authorization', `Bearer ${author}`)).status,
    ).toBe(403);
    expect(
      (await t.http().get('/api/admin/lottery/draws').set('authorization', `Bearer ${author}`)).status,
    ).toBe(403);
    // The newsletter's own routes are public ones only: its old copies of these lists are gone.
    expect((await t.http().get('/api/newsletter/subscribers')).status).toBe(404);
    expect((await t.http().get('/api/newsletter/draws')).status).toBe(404);

    const admin = await adminToken(t);
    const res = await t.http().get('/api/admin/subscribers?limit=2').set('authorization', `Bearer ${admin}`);
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.items).toHaveLength(2);
    expect(res.body.total).toBeGreaterThanOrEqual(5);
    expect(res.body.items[0]).toEqual(
      expect.objectContaining({
        email: 'friend@example.com',
        referredBy: 'referrer@example.com',
        hasDiscount: true,
        unsubscribedAt: null,
      }),
    );
    const bad = await t
      .http()
      .get('/api/admin/subscribers?limit=9999')
      .set('authorization', `Bearer ${admin}`);
    expect(bad.status).toBe(400);
  });

  describe('monthly free-mix lottery', () => {
    it('draws one active subscriber once per month, however often it runs, and mails winner and admin', async () => {
      const lottery = t.app.get(LotteryService);
      const active = await db.query(
        'SELECT id, email FROM newsletter_subscribers WHERE unsubscribed_at IS NULL AND confirmed_at IS NOT NULL',
      );
      await db.query(
        `UPDATE newsletter_subscribers SET unsubscribed_at = now() WHERE email = 'rush@example.com'`,
      );

      const [first, second] = await Promise.all([lottery.drawMonth('2031-03'), lottery.drawMonth('2031-03')]);
      const third = await lottery.drawMonth('2031-03');
      expect([first.created, second.created].filter(Boolean)).toHaveLength(1);
      expect(third.created).toBe(false);
      expect(third.draw.id).toBe(first.draw.id);
      expect(second.draw.winnerEmail).toBe(first.draw.winnerEmail);
      expect(first.draw.entrants).toBe(active.length - 1);
      expect(first.draw.winnerEmail).not.toBe('rush@example.com');
      expect(active.map((s: { email: string }) => s.email)).toContain(first.draw.winnerEmail);
      expect((await db.query(`SELECT id FROM lottery_draws WHERE month = '2031-03'`)).length).toBe(1);

      const winner = first.draw.winnerEmail as string;
      const [prize] = await sink.waitForMailsTo(winner);
      expect(prize.parsed.subject).toBe('You won the March 2031 free mix at Mixdown Studio!');
      expect(prize.parsed.text).toContain(`${PUBLIC_URL}/contact?service=free-mix`);
      expect(prize.header('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
      expect(prize.header('list-unsubscribe')).toContain(`${PUBLIC_URL}/api/newsletter/unsubscribe?token=`);
      const [notice] = await sink.waitForMailsTo(ADMIN_INBOX);
      expect(notice.parsed.subject).toBe(`Free-mix lottery March 2031: ${winner} won`);
      expect(notice.parsed.text).toContain(`${active.length - 1} active subscribers`);
      await new Promise((r) => setTimeout(r, 500));
      expect(sink.to(winner)).toHaveLength(1);
      expect(sink.to(ADMIN_INBOX)).toHaveLength(1);
      expect(third.draw.notifiedAt).not.toBeNull();
    });

    it('spreads wins across subscribers (crypto.randomInt over the active list)', async () => {
      const lottery = t.app.get(LotteryService);
      const winners = new Set<string>();
      for (let m = 1; m <= 12; m++)
        winners.add((await lottery.drawMonth(`2040-${String(m).padStart(2, '0')}`)).draw.winnerEmail!);
      expect(winners.size).toBeGreaterThan(1);
      expect(winners.has('rush@example.com')).toBe(false);
    });

    it('records a month without entrants and refuses a malformed month', async () => {
      const lottery = t.app.get(LotteryService);
      await db.query('UPDATE newsletter_subscribers SET unsubscribed_at = now()');
      const { draw } = await lottery.drawMonth('2031-04');
      expect(draw).toMatchObject({ winnerEmail: null, entrants: 0 });
      await sink.waitFor((m) =>
        m.some((x) => x.parsed.subject === 'Free-mix lottery April 2031: no entrants'),
      );
      await expect(lottery.drawMonth('2031-13')).rejects.toThrow('The month must look like 2025-01.');
    });

    it('lists past draws for admins, newest first', async () => {
      const admin = await adminToken(t);
      const res = await t.http().get('/api/admin/lottery/draws').set('authorization', `Bearer ${admin}`);
      expect(res.status).toBe(200);
      expect(res.body.items[0]).toMatchObject({ month: '2040-12', entrants: expect.any(Number) });
      expect(res.body.items.map((d: { month: string }) => d.month)).toContain('2031-03');
    });

    it('is scheduled as a repeatable job at 09:00 London time on the 1st', async () => {
      const { getQueueToken } = await import('@nestjs/bull');
      const queue = t.app.get(getQueueToken('lottery'));
      const repeatable = await queue.getRepeatableJobs();
      expect(repeatable).toEqual([
        expect.objectContaining({ name: 'monthly-draw', cron: '0 9 1 * *', tz: 'Europe/London' }),
      ]);
    });
  });
});
