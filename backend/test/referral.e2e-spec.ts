import { REFERRAL } from '@studio/shared';
import { DataSource } from 'typeorm';
import { ReferralService } from '../src/referral/referral.service';
import { createTestApp, TestApp } from './support/test-app';

describe('referral codes (HTTP)', () => {
  let t: TestApp;
  let referrals: ReferralService;
  let db: DataSource;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    referrals = t.app.get(ReferralService);
    db = t.app.get(DataSource);
  });
  afterAll(() => t.close());

  const validate = (code: unknown) => t.http().post('/api/referral/validate').send({ code });

  it('generates an 8-character code from the unambiguous alphabet, 10% off, valid for six months', async () => {
    const res = await t.http().post('/api/referral/generate').send({ email: ' Sam@Example.com ' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Your referral code has been successfully generated.',
    });
    const { code, discountPercent, expiresAt } = res.body.referralCode;
    expect(Object.keys(res.body.referralCode).sort()).toEqual(['code', 'discountPercent', 'expiresAt']);
    expect(code).toMatch(new RegExp(`^[${REFERRAL.alphabet}]{${REFERRAL.codeLength}}$`));
    expect(discountPercent).toBe(10);
    const expected = new Date();
    expected.setMonth(expected.getMonth() + 6);
    expect(Math.abs(new Date(expiresAt).getTime() - expected.getTime())).toBeLessThan(2 * 24 * 3600 * 1000);
    const [row] = await db.query('SELECT generated_by, is_used FROM referral_codes WHERE code = $1', [code]);
    expect(row).toEqual({ generated_by: 'sam@example.com', is_used: false });
  });

  it('draws again when a code collides', async () => {
    const taken = (await referrals.generate('first@example.com')).code;
    const draws = [taken, taken, 'FRESHCDE'];
    const code = await referrals.generate('second@example.com', () => draws.shift()!);
    expect(code.code).toBe('FRESHCDE');
  });

  it('validates a usable code, whatever its case', async () => {
    const { code } = await referrals.generate('valid@example.com');
    const res = await validate(` ${code.toLowerCase()} `);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      valid: true,
      message: 'Valid referral code: 10% off your next service.',
      code: { code, discountPercent: 10 },
    });
  });

  it('says clearly why a code cannot be used: unknown, used or expired', async () => {
    const unknown = await validate('NOSUCHCODE');
    expect(unknown.body).toEqual({ success: true, valid: false, message: 'Invalid referral code' });
    expect((await validate('ABC')).body.valid).toBe(false);

    const used = await referrals.generate('used@example.com');
    expect(await referrals.redeem(used.code, 'friend@example.com')).toBe(true);
    expect((await validate(used.code)).body).toEqual({
      success: true,
      valid: false,
      message: 'This referral code has already been used.',
    });

    const expired = await referrals.generate('expired@example.com');
    await db.query(`UPDATE referral_codes SET expires_at = now() - interval '1 minute' WHERE code = $1`, [
      expired.code,
    ]);
    expect((await validate(expired.code)).body).toEqual({
      success: true,
      valid: false,
      message: 'This referral code has expired.',
    });
    expect(await referrals.redeem(expired.code, 'friend@example.com')).toBe(false);

    const empty = await validate('');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please enter a referral code');
    expect((await validate('X'.repeat(21))).status).toBe(400);
  });

  it('redeems a code exactly once, however many completions race for it', async () => {
    const { code } = await referrals.generate('race@example.com');
    const pair = await Promise.all([
      referrals.redeem(code, 'a@example.com'),
      referrals.redeem(code, 'b@example.com'),
    ]);
    expect(pair.filter(Boolean)).toHaveLength(1);

    const { code: crowd } = await referrals.generate('crowd@example.com');
    const many = await Promise.all(
      Array.from({ length: 12 }, (_, i) => referrals.redeem(crowd.toLowerCase(), `p${i}@example.com`)),
    );
    expect(many.filter(Boolean)).toHaveLength(1);
    const [row] = await db.query('SELECT is_used, used_by FROM referral_codes WHERE code = $1', [crowd]);
    expect(row.is_used).toBe(true);
    expect(row.used_by).toBe(`p${many.indexOf(true)}@example.com`);
  });

  it('redeems inside the caller transaction, so a rollback leaves the code usable', async () => {
    const { code } = await referrals.generate('tx@example.com');
    await expect(
      db.transaction(async (em) => {
        expect(await referrals.redeem(code, 'buyer@example.com', em)).toBe(true);
        throw new Error('payment failed');
      }),
    ).rejects.toThrow('payment failed');
    expect((await validate(code)).body.valid).toBe(true);
  });

  it('lists the codes of an email, newest first, with their status', async () => {
    const a = await referrals.generate('lister@example.com');
    const b = await referrals.generate('lister@example.com');
    await referrals.redeem(a.code, 'pal@example.com');
    const res = await t.http().get('/api/referral/list?email=Lister@Example.com');
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    expect(res.body.referralCodes.map((c: { code: string }) => c.code)).toEqual([b.code, a.code]);
    expect(res.body.referralCodes[1]).toEqual({
      id: a.id,
      code: a.code,
      isUsed: true,
      usedBy: null,
      createdAt: expect.any(String),
      expiresAt: expect.any(String),
      discountPercent: 10,
    });
    expect((await t.http().get('/api/referral/list?email=nobody@example.com')).body.referralCodes).toEqual(
      [],
    );
    const bad = await t.http().get('/api/referral/list?email=nope');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Please enter a valid email address.');
  });

  it('refuses a bad email and caps codes per email per day with a clear 429', async () => {
    const bad = await t.http().post('/api/referral/generate').send({ email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: 'Please enter a valid email address.' });

    for (let i = 0; i < 5; i++)
      await t.http().post('/api/referral/generate').send({ email: 'greedy@example.com' }).expect(201);
    const res = await t.http().post('/api/referral/generate').send({ email: 'GREEDY@example.com' });
    expect(res.status).toBe(429);
    expect(res.body).toEqual({
      success: false,
      message:
        'You can generate up to 5 referral codes a day for one email address. Please try again tomorrow.',
      code: 'REFERRAL_DAILY_LIMIT',
    });
    // Another address from the same client is still fine.
    expect((await t.http().post('/api/referral/generate').send({ email: 'modest@example.com' })).status).toBe(
      201,
    );
  });
});
