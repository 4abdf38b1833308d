/**
 * Property-based fuzzing of every public and admin endpoint (issue 16, item 2).
 *
 * Each route in ROUTES has arbitraries shaped like its DTO: sometimes a valid value, sometimes a
 * wrong type, an edge number, a huge or control-character string, a unicode edge case, or an
 * extra prototype-pollution key. Requests go through `app.inject` (the whole Fastify + Nest
 * pipeline without sockets), so ten thousand of them take seconds. For every answer:
 * never a 5xx, never a stack trace, and an API 4xx is always the one error shape.
 *
 * Reproducible: the run prints its seed; `FUZZ_SEED=<seed> npx jest test/fuzz.e2e-spec.ts`
 * replays it. `FUZZ_SCALE=0.2` makes a quicker run while working on the suite.
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { adminToken, createTestApp, registerAndLogin, TestApp } from './support/test-app';

const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (Math.random() * 2 ** 31)) | 0;
const SCALE = process.env.FUZZ_SCALE ? Number(process.env.FUZZ_SCALE) : 1;
const MIN_TOTAL = 10_000;
jest.setTimeout(120_000);

// ---------------------------------------------------------------------------------------------
// Values

const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udc00\ud800',
  '\u202e\u202d',
  '\ufeff',
  '\u200b',
  'e\u0301\u0301\u0301',
  '𝕏🎧👩‍👩‍👧',
  '\r\n\t\v\f',
  '\u001b[31m',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  "' OR 1=1 --",
  '%00',
  '%',
  '../../etc/passwd',
  '{{constructor.constructor("return process")()}}',
  '${7*7}',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '99999999999999999999',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
];
const BIG_STRINGS = [
  'x'.repeat(256),
  'é'.repeat(1001),
  'a'.repeat(5001),
  '\u0001'.repeat(2000),
  'ß'.repeat(20_000),
];

const controlString = fc.string({
  unit: fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c)),
});
const withLoneSurrogate = fc
  .tuple(fc.string(), fc.integer({ min: 0xd800, max: 0xdfff }), fc.string())
  .map(([a, s, b]) => a + String.fromCharCode(s) + b);

const weirdString: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.string() },
  { weight: 2, arbitrary: fc.string({ unit: 'binary' }) },
  { weight: 3, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 1, arbitrary: controlString },
  { weight: 1, arbitrary: withLoneSurrogate },
  { weight: 1, arbitrary: fc.constantFrom(...BIG_STRINGS) },
);

const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -0, -1, 1, 0.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53, -(2 ** 53), 1e21, 1e308, 5e-324),
);

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: weirdString },
  { weight: 2, arbitrary: weirdNumber },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.oneof(weirdString, weirdNumber), { maxLength: 4 }) },
  { weight: 1, arbitrary: fc.dictionary(weirdString, fc.oneof(weirdString, weirdNumber), { maxKeys: 3 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
);

/** A field: usually its valid shape, often anything else. */
const field = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary: valid }, { weight: 3, arbitrary: anyJson as fc.Arbitrary<unknown> });

const POLLUTION_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'role',
  'isAdmin',
];
const pollution = fc.dictionary(
  fc.constantFrom(...POLLUTION_KEYS),
  fc.oneof(anyJson, fc.constant({ polluted: true, isAdmin: true })),
  { maxKeys: 2 },
);

type Fields = Record<string, fc.Arbitrary<unknown>>;

/** An object shaped like a DTO: any subset of its fields, sometimes an extra hostile key. */
const dtoObject = (fields: Fields): fc.Arbitrary<Record<string, unknown>> =>
  fc.tuple(fc.record(fields, { requiredKeys: [] }), fc.option(pollution, { freq: 4 })).map(([obj, extra]) => {
    const out: Record<string, unknown> = {};
    // defineProperty keeps "__proto__" an own key, so JSON.stringify sends it.
    for (const [k, v] of Object.entries({ ...obj, ...(extra ?? {}) }))
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (extra)
      for (const k of Object.keys(extra))
        Object.defineProperty(out, k, {
          value: extra[k],
          enumerable: true,
          writable: true,
          configurable: true,
        });
    return out;
  });

interface Payload {
  payload?: string | Buffer;
  contentType?: string;
}

const DEEP = '['.repeat(5000) + ']'.repeat(5000);
const RAW_BODIES = ['', '{', '{"a":', 'null', '[]', '"text"', '42', 'true', DEEP, '{"a":1}{"b":2}', '\u0000'];

/** A JSON body from a DTO, or a broken one: raw text, another top-level type, another encoding. */
const jsonBody = (fields: Fields): fc.Arbitrary<Payload> =>
  fc.oneof(
    {
      weight: 8,
      arbitrary: dtoObject(fields).map((o) => ({
        payload: JSON.stringify(o),
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...RAW_BODIES).map((p) => ({ payload: p, contentType: 'application/json' })),
    },
    {
      weight: 1,
      arbitrary: anyJson.map((v) => ({
        payload: JSON.stringify(v) ?? 'null',
        contentType: 'application/json',
      })),
    },
    {
      weight: 1,
      arbitrary: dtoObject(fields).map((o) => ({
        payload: formEncode(o),
        contentType: 'application/x-www-form-urlencoded',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            'text/plain',
            'application/xml',
            'multipart/form-data',
            'application/json; charset=latin1',
          ),
          weirdString,
        )
        .map(([contentType, payload]) => ({ payload, contentType })),
    },
  );

/** Percent-encodes the UTF-8 bytes (lone surrogates become U+FFFD, as a browser would send). */
const pct = (s: string) =>
  [...Buffer.from(s, 'utf8')].map((b) => `%${b.toString(16).padStart(2, '0')}`).join('');
const scalar = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

function formEncode(obj: Record<string, unknown>): string {
  return Object.keys(obj)
    .flatMap((k) => {
      const v = obj[k];
      return Array.isArray(v) ? v.map((x) => `${pct(k)}=${pct(scalar(x))}`) : [`${pct(k)}=${pct(scalar(v))}`];
    })
    .join('&');
}

/** Raw bytes some clients send in a URL: invalid percent escapes and invalid UTF-8. */
const RAW_QUERY_PARTS = [
  '%',
  '%zz',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%00',
  '&&&',
  '=',
  'a[b]=1',
  'a[__proto__][x]=1',
];

const queryString = (fields: Fields): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 6, arbitrary: dtoObject(fields).map(formEncode) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(dtoObject(fields), fc.constantFrom(...RAW_QUERY_PARTS))
        .map(([o, raw]) => [formEncode(o), raw].filter(Boolean).join('&')),
    },
  );

const pathSegment = (valid: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 3, arbitrary: valid.map(pct) },
    { weight: 3, arbitrary: weirdString.map((s) => pct(s.slice(0, 3000)) || 'x') },
    { weight: 1, arbitrary: weirdNumber.map((n) => pct(String(n))) },
    { weight: 1, arbitrary: fc.constantFrom('%ED%A0%80', '%C0%80', '%zz', '..', '%2e%2e', '%2F') },
  );

// ---------------------------------------------------------------------------------------------
// Valid shapes of the DTOs' fields

const email = fc.oneof(fc.emailAddress(), fc.constantFrom('ada@example.com', 'admin@example.com'));
const words = fc.lorem({ maxCount: 30 });
const id = fc.oneof(fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 2 ** 31 - 1 }));
const idString = id.map(String);
const referralCode = fc.stringMatching(/^[A-Z0-9]{6,20}$/);
const slug = fc.oneof(
  fc.constantFrom('hello-world', 'mixing-101', 'nope'),
  fc.stringMatching(/^[a-z0-9-]{1,40}$/),
);
const service = fc.constantFrom('mix', 'master', 'mix-master', 'production', 'Mixing', 'vocal');
const status = fc.constantFrom('draft', 'published', 'archived', 'all', 'pending', 'approved', '');
const pagingFields: Fields = {
  limit: field(fc.integer({ min: -5, max: 200 }).map(String)),
  offset: field(fc.integer({ min: -5, max: 2_000_000 }).map(String)),
};

const contactFields: Fields = {
  name: field(fc.string({ minLength: 2, maxLength: 100 })),
  email: field(email),
  service: field(service),
  message: field(words),
  website: field(fc.constant('')),
};
const postFields: Fields = {
  title: field(words),
  slug: field(slug),
  content: field(words.map((w) => `<p>${w}</p>`.repeat(3))),
  excerpt: field(words),
  status: field(status),
  categoryIds: field(fc.array(id, { maxLength: 3 })),
  tagIds: field(fc.array(id, { maxLength: 3 })),
  metaTitle: field(words),
  metaDescription: field(words),
  focusKeyword: field(fc.lorem({ maxCount: 2 })),
  featuredImage: field(fc.constantFrom('a.jpg', '../../etc/passwd', 'x'.repeat(300))),
  publishedAt: field(fc.date({ noInvalidDate: true }).map((d) => d.toISOString())),
  seo: field(dtoObject({ title: field(words), description: field(words), keywords: field(fc.array(words)) })),
};
const taxonomyFields: Fields = {
  name: field(fc.string({ minLength: 2, maxLength: 100 })),
  slug: field(slug),
  description: field(words),
  parentId: field(id),
};

// ---------------------------------------------------------------------------------------------
// The route table

type Who = 'anyone' | 'admin' | 'author';

interface Route {
  method: InjectOptions['method'];
  /** Path with `:name` parameters, each filled from `params`. */
  path: string;
  params?: Record<string, fc.Arbitrary<string>>;
  query?: Fields;
  body?: Fields;
  /** Posted by a browser form (form-encoded), answered with HTML pages. */
  form?: Fields;
  /** Multipart with these text fields and maybe a file in `fileField`. */
  multipart?: { fields: Fields; fileField: string };
  who: Who;
  runs: number;
}

const ROUTES: Route[] = [
  // Public
  { method: 'POST', path: '/api/contact', body: contactFields, who: 'anyone', runs: 530 },
  { method: 'POST', path: '/api/contact-v2', body: contactFields, who: 'anyone', runs: 380 },
  {
    method: 'POST',
    path: '/api/newsletter/subscribe',
    body: { email: field(email), referralCode: field(referralCode) },
    who: 'anyone',
    runs: 530,
  },
  {
    method: 'GET',
    path: '/api/newsletter/unsubscribe',
    query: { token: field(fc.base64String()) },
    who: 'anyone',
    runs: 190,
  },
  {
    method: 'POST',
    path: '/api/newsletter/unsubscribe',
    query: { token: field(fc.base64String()) },
    who: 'anyone',
    runs: 190,
  },
  { method: 'POST', path: '/api/referral/generate', body: { email: field(email) }, who: 'anyone', runs: 380 },
  {
    method: 'POST',
    path: '/api/referral/validate',
    body: { code: field(referralCode) },
    who: 'anyone',
    runs: 380,
  },
  { method: 'GET', path: '/api/referral/list', query: { email: field(email) }, who: 'anyone', runs: 300 },
  { method: 'GET', path: '/api/services', query: {}, who: 'anyone', runs: 40 },
  { method: 'GET', path: '/api/services/:id', params: { id: idString }, who: 'anyone', runs: 230 },
  {
    method: 'GET',
    path: '/api/blog/posts',
    query: {
      ...pagingFields,
      search: field(words),
      categoryId: field(idString),
      tagId: field(idString),
      status: field(status),
    },
    who: 'anyone',
    runs: 680,
  },
  { method: 'GET', path: '/api/blog/posts/:slug', params: { slug }, who: 'anyone', runs: 380 },
  { method: 'GET', path: '/api/blog/categories', query: {}, who: 'anyone', runs: 40 },
  { method: 'GET', path: '/api/blog/tags', query: {}, who: 'anyone', runs: 40 },
  { method: 'GET', path: '/api/blog/posts/:slug/comments', params: { slug }, who: 'anyone', runs: 150 },
  {
    method: 'POST',
    path: '/api/blog/posts/:slug/comments',
    params: { slug },
    body: {
      authorName: field(fc.string({ minLength: 2, maxLength: 100 })),
      authorEmail: field(email),
      content: field(words),
      parentId: field(id),
      website: field(fc.constant('')),
    },
    who: 'anyone',
    runs: 380,
  },
  {
    method: 'POST',
    path: '/api/create-payment-intent',
    body: {
      amount: field(fc.oneof(fc.integer({ min: 0, max: 6000 }), fc.constantFrom('50', '50.5', '£5'))),
      serviceId: field(id),
      metadata: field(dtoObject({ service_name: field(words) })),
      email: field(email),
    },
    who: 'anyone',
    runs: 300,
  },
  {
    method: 'POST',
    path: '/api/create-checkout-session',
    body: {
      serviceName: field(fc.constantFrom('Mix', 'Mix & Master', 'Master', '5 Songs Mix & Master', 'Nope')),
      referralCode: field(referralCode),
      email: field(email),
    },
    who: 'anyone',
    runs: 300,
  },
  {
    method: 'GET',
    path: '/api/payments/intent-status',
    query: {
      payment_intent: field(fc.stringMatching(/^pi_[A-Za-z0-9]{4,20}$/)),
      payment_intent_client_secret: field(fc.string()),
      redirect_status: field(fc.constantFrom('succeeded', 'failed')),
    },
    who: 'anyone',
    runs: 190,
  },
  { method: 'GET', path: '/api/payments/config', query: {}, who: 'anyone', runs: 20 },
  {
    method: 'POST',
    path: '/api/stripe/webhook',
    body: {
      id: field(fc.string()),
      type: field(fc.constantFrom('checkout.session.completed', 'charge.dispute.created')),
      data: anyJson,
    },
    who: 'anyone',
    runs: 190,
  },
  { method: 'GET', path: '/api/settings', query: {}, who: 'anyone', runs: 20 },
  { method: 'GET', path: '/api/health', query: {}, who: 'anyone', runs: 10 },
  { method: 'GET', path: '/api/user', query: {}, who: 'author', runs: 40 },
  {
    method: 'POST',
    path: '/api/login',
    body: { username: field(fc.constantFrom('admin', 'nobody')), password: field(fc.string()) },
    who: 'anyone',
    runs: 90,
  },
  {
    method: 'POST',
    path: '/api/register',
    body: {
      username: field(fc.stringMatching(/^[a-z0-9_]{3,20}$/)),
      email: field(email),
      password: field(fc.string({ minLength: 8, maxLength: 30 })),
      displayName: field(fc.string()),
      role: field(fc.constantFrom('admin', 'editor')),
    },
    who: 'anyone',
    runs: 90,
  },
  { method: 'POST', path: '/api/logout', body: {}, who: 'author', runs: 20 },
  { method: 'GET', path: '/blog/post/:slug', params: { slug }, who: 'anyone', runs: 230 },
  {
    method: 'GET',
    path: '/:page',
    params: { page: fc.constantFrom('contact', 'auth', 'sitemap.xml', 'rss.xml', 'robots.txt', 'x') },
    who: 'anyone',
    runs: 150,
  },
  {
    method: 'PATCH',
    path: '/api/:anything',
    params: { anything: fc.string() },
    body: {},
    who: 'anyone',
    runs: 40,
  },

  // Forms posted without JavaScript
  { method: 'POST', path: '/contact', form: contactFields, who: 'anyone', runs: 150 },
  {
    method: 'POST',
    path: '/newsletter',
    form: { email: field(email), referralCode: field(referralCode) },
    who: 'anyone',
    runs: 150,
  },
  {
    method: 'POST',
    path: '/blog/post/:slug',
    params: { slug },
    form: {
      authorName: field(fc.string({ minLength: 2 })),
      authorEmail: field(email),
      content: field(words),
    },
    who: 'anyone',
    runs: 150,
  },
  {
    method: 'GET',
    path: '/thanks/:form',
    params: { form: fc.constantFrom('contact', 'newsletter', 'comment') },
    query: { post: field(slug) },
    who: 'anyone',
    runs: 50,
  },

  // Admin (a valid admin token, so the fuzzing reaches the handlers and the DTOs)
  { method: 'GET', path: '/api/admin/blog/stats', query: {}, who: 'admin', runs: 10 },
  {
    method: 'GET',
    path: '/api/admin/blog/posts',
    query: { ...pagingFields, search: field(words), status: field(status) },
    who: 'admin',
    runs: 460,
  },
  { method: 'GET', path: '/api/admin/blog/posts/:id', params: { id: idString }, who: 'admin', runs: 150 },
  { method: 'POST', path: '/api/admin/blog/posts', body: postFields, who: 'admin', runs: 380 },
  {
    method: 'POST',
    path: '/api/admin/blog/posts',
    multipart: {
      fields: { data: field(dtoObject(postFields).map((o) => JSON.stringify(o))) },
      fileField: 'featuredImage',
    },
    who: 'admin',
    runs: 150,
  },
  {
    method: 'PUT',
    path: '/api/admin/blog/posts/:id',
    params: { id: idString },
    body: postFields,
    who: 'admin',
    runs: 300,
  },
  { method: 'DELETE', path: '/api/admin/blog/posts/:id', params: { id: idString }, who: 'admin', runs: 80 },
  { method: 'GET', path: '/api/admin/blog/categories', query: {}, who: 'admin', runs: 20 },
  { method: 'POST', path: '/api/admin/blog/categories', body: taxonomyFields, who: 'admin', runs: 230 },
  {
    method: 'PUT',
    path: '/api/admin/blog/categories/:id',
    params: { id: idString },
    body: taxonomyFields,
    who: 'admin',
    runs: 150,
  },
  {
    method: 'DELETE',
    path: '/api/admin/blog/categories/:id',
    params: { id: idString },
    who: 'admin',
    runs: 50,
  },
  { method: 'GET', path: '/api/admin/blog/tags', query: {}, who: 'admin', runs: 20 },
  { method: 'POST', path: '/api/admin/blog/tags', body: taxonomyFields, who: 'admin', runs: 230 },
  {
    method: 'PUT',
    path: '/api/admin/blog/tags/:id',
    params: { id: idString },
    body: taxonomyFields,
    who: 'admin',
    runs: 150,
  },
  { method: 'DELETE', path: '/api/admin/blog/tags/:id', params: { id: idString }, who: 'admin', runs: 50 },
  { method: 'GET', path: '/api/admin/blog/media', query: {}, who: 'admin', runs: 20 },
  {
    method: 'POST',
    path: '/api/admin/blog/media',
    multipart: { fields: { altText: field(words), caption: field(words) }, fileField: 'file' },
    who: 'admin',
    runs: 150,
  },
  {
    method: 'PUT',
    path: '/api/admin/blog/media/:id',
    params: { id: idString },
    body: { altText: field(words), caption: field(words) },
    who: 'admin',
    runs: 110,
  },
  { method: 'DELETE', path: '/api/admin/blog/media/:id', params: { id: idString }, who: 'admin', runs: 40 },
  {
    method: 'GET',
    path: '/api/admin/blog/comments',
    query: { ...pagingFields, status: field(status) },
    who: 'admin',
    runs: 230,
  },
  {
    method: 'PUT',
    path: '/api/admin/blog/comments/:id/approve',
    params: { id: idString },
    who: 'admin',
    runs: 80,
  },
  {
    method: 'PUT',
    path: '/api/admin/blog/comments/:id/unapprove',
    params: { id: idString },
    who: 'admin',
    runs: 80,
  },
  {
    method: 'DELETE',
    path: '/api/admin/blog/comments/:id',
    params: { id: idString },
    who: 'admin',
    runs: 50,
  },
  { method: 'GET', path: '/api/admin/settings', query: {}, who: 'admin', runs: 20 },
  {
    method: 'PUT',
    path: '/api/admin/settings',
    body: {
      blogName: field(fc.string({ minLength: 1, maxLength: 100 })),
      siteDescription: field(words),
      adminNotifyEmail: field(email),
      socialLinks: field(dtoObject({ instagram: field(fc.webUrl()), x: field(fc.webUrl()) })),
    },
    who: 'admin',
    runs: 230,
  },
  { method: 'GET', path: '/api/admin/stats/messaging', query: {}, who: 'admin', runs: 10 },
  { method: 'GET', path: '/api/admin/stats/payments', query: {}, who: 'admin', runs: 10 },
  { method: 'GET', path: '/api/newsletter/subscribers', query: pagingFields, who: 'admin', runs: 230 },
  { method: 'GET', path: '/api/newsletter/draws', query: {}, who: 'admin', runs: 20 },
  {
    method: 'POST',
    path: '/api/debug-email',
    body: {
      timestamp: field(fc.string()),
      extraInfo: field(words),
      subject: field(words),
      message: field(words),
    },
    who: 'admin',
    runs: 110,
  },
  {
    method: 'POST',
    path: '/api/debug-customer-email',
    body: { email: field(email) },
    who: 'admin',
    runs: 110,
  },
  {
    method: 'POST',
    path: '/api/test-email-delivery',
    body: {
      email: field(email),
      provider: field(fc.constantFrom('hotmail', 'outlook', 'gmail', 'all')),
      name: field(fc.string()),
      service: field(fc.constant('Mixing')),
    },
    who: 'admin',
    runs: 110,
  },
  // Newsletter issues and the dashboard's charts (issue 12)
  {
    method: 'GET',
    path: '/api/admin/newsletter/issues',
    query: {
      ...pagingFields,
      search: field(words),
      state: field(fc.constantFrom('draft', 'sending', 'sent')),
    },
    who: 'admin',
    runs: 60,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/issues',
    body: {
      subject: field(words),
      preheader: field(words),
      bodyHtml: field(fc.oneof(words, fc.constant('<h2>News</h2><p>Hello <a href="/blog">blog</a></p>'))),
    },
    who: 'admin',
    runs: 120,
  },
  {
    method: 'PUT',
    path: '/api/admin/newsletter/issues/:id',
    params: { id: idString },
    body: {
      subject: field(words),
      preheader: field(words),
      bodyHtml: field(fc.oneof(words, fc.constant('<h2>News</h2><p>Hello <a href="/blog">blog</a></p>'))),
    },
    who: 'admin',
    runs: 60,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/preview',
    body: {
      subject: field(words),
      preheader: field(words),
      bodyHtml: field(fc.oneof(words, fc.constant('<h2>News</h2><p>Hello <a href="/blog">blog</a></p>'))),
    },
    who: 'admin',
    runs: 80,
  },
  {
    method: 'GET',
    path: '/api/admin/newsletter/issues/:id',
    params: { id: idString },
    who: 'admin',
    runs: 40,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/issues/:id/send',
    params: { id: idString },
    who: 'admin',
    runs: 30,
  },
  {
    method: 'POST',
    path: '/api/admin/newsletter/issues/:id/test',
    params: { id: idString },
    who: 'admin',
    runs: 20,
  },
  {
    method: 'DELETE',
    path: '/api/admin/newsletter/issues/:id',
    params: { id: idString },
    who: 'admin',
    runs: 20,
  },
  { method: 'GET', path: '/api/admin/stats/charts', query: {}, who: 'admin', runs: 10 },
];

// ---------------------------------------------------------------------------------------------
// Building a request

interface Built extends InjectOptions {
  url: string;
  method: NonNullable<InjectOptions['method']>;
}

const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const fileBytes = fc.oneof(
  fc.constant(GIF),
  fc.uint8Array({ maxLength: 64 }).map((a) => Buffer.from(a)),
  fc.constant(Buffer.concat([GIF, Buffer.from('<?php echo 1; ?>')])),
);

function multipartBody(
  fields: Record<string, unknown>,
  file: { name: string; bytes: Buffer; field: string } | null,
) {
  const boundary = '----fuzz' + 'x'.repeat(8);
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${k.replace(/["\r\n]/g, '_')}"\r\n\r\n${scalar(v)}\r\n`,
      ),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${file.field}"; filename="${file.name.replace(/["\r\n]/g, '_')}"\r\ncontent-type: image/gif\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

const clientAddress = fc
  .tuple(
    fc.integer({ min: 1, max: 223 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 0, max: 255 }),
    fc.integer({ min: 1, max: 254 }),
  )
  .map((p) => p.join('.'));

function requestFor(route: Route, tokens: Record<Who, string | null>): fc.Arbitrary<Built> {
  const params = fc.record(
    Object.fromEntries(Object.entries(route.params ?? {}).map(([k, v]) => [k, pathSegment(v)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const query = route.query ? queryString(route.query) : fc.constant('');
  let body: fc.Arbitrary<Payload> = fc.constant({});
  if (route.body) body = jsonBody(route.body);
  if (route.form)
    body = fc.oneof(
      {
        weight: 4,
        arbitrary: dtoObject(route.form).map((o) => ({
          payload: formEncode(o),
          contentType: 'application/x-www-form-urlencoded',
        })),
      },
      { weight: 1, arbitrary: jsonBody(route.form) },
    );
  if (route.multipart) {
    const mp = route.multipart;
    body = fc
      .tuple(
        fc.record(mp.fields, { requiredKeys: [] }),
        fc.option(
          fc.record({ name: weirdString, bytes: fileBytes, field: fc.constantFrom(mp.fileField, 'other') }),
          { freq: 3 },
        ),
      )
      .map(([fields, file]) => multipartBody(fields, file));
  }
  // Mostly the intended caller; sometimes nobody, a forged token or the wrong role.
  const auth = fc.oneof(
    { weight: 8, arbitrary: fc.constant(tokens[route.who]) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(null, 'Bearer x.y.z', 'Bearer', 'Basic YWRtaW46YWRtaW4=', tokens.author),
    },
  );
  return fc.tuple(params, query, body, auth, clientAddress).map(([p, q, b, a, ip]) => {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => p[name]);
    const headers: Record<string, string> = {};
    if (a) headers.authorization = a.startsWith('Bearer') || a.startsWith('Basic') ? a : `Bearer ${a}`;
    if (b.contentType) headers['content-type'] = b.contentType;
    return {
      method: route.method!,
      url: q ? `${path}?${q}` : path,
      headers,
      payload: b.payload,
      remoteAddress: ip,
    };
  });
}

// ---------------------------------------------------------------------------------------------
// What every answer must be

const STACK =
  /\n\s+at [^\n]+:\d+:\d+|node_modules\/|\/backend\/src\/|QueryFailedError|TypeError:|ReferenceError:/;
/** Pages meant for browsers: their errors are HTML, not JSON. */
const HTML_ROUTES = [/^\/api\/newsletter\/unsubscribe(\?|$)/];

function check(req: Built, res: LightMyRequestResponse): string | null {
  if (res.statusCode >= 500) return `answered ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (STACK.test(res.body)) return `leaked a stack trace or internal detail: ${res.body.slice(0, 300)}`;
  const isApi = req.url.startsWith('/api/') && !HTML_ROUTES.some((r) => r.test(req.url));
  if (isApi && res.statusCode >= 400) {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      return `answered ${res.statusCode} with a body that is not JSON: ${res.body.slice(0, 200)}`;
    }
    const b = body as Record<string, unknown>;
    const shapeOk =
      b &&
      b.success === false &&
      typeof b.message === 'string' &&
      b.message.length > 0 &&
      (b.code === undefined || typeof b.code === 'string') &&
      (b.errors === undefined ||
        (Array.isArray(b.errors) &&
          b.errors.every(
            (e: Record<string, unknown>) => typeof e.field === 'string' && typeof e.message === 'string',
          )));
    if (!shapeOk) return `answered ${res.statusCode} outside the error shape: ${res.body.slice(0, 300)}`;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------

describe(`fuzz: every endpoint (FUZZ_SEED=${SEED})`, () => {
  let t: TestApp;
  let fake: FakeStripe;
  let app: NestFastifyApplication;
  const tokens: Record<Who, string | null> = { anyone: null, admin: null, author: null };
  let sent = 0;
  let webRoot: string;

  beforeAll(async () => {
    fake = await startFakeStripe();
    webRoot = mkdtempSync(join(tmpdir(), 'studio-web-'));
    mkdirSync(join(webRoot, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      join(webRoot, 'shell', 'dist', 'index.html'),
      '<!doctype html><html><head><title>Studio</title></head><body><div id="root"></div></body></html>',
    );
    // ROLE=api: the mail worker stays off, so queued mail just waits in Redis.
    t = await createTestApp({ ...fakeStripeEnv(fake), ROLE: 'api', WEB_DIST_DIR: webRoot });
    app = t.app;
    tokens.admin = await adminToken(t);
    tokens.author = await registerAndLogin(t, 'fuzz_author');
    const db = t.app.get(DataSource);
    await db.query(
      `INSERT INTO blog_posts (title, slug, content, status, author_id, published_at)
       SELECT 'Hello world', 'hello-world', '<p>Hello there, this is the first post.</p>', 'published', id, now()
       FROM users WHERE username = 'admin'`,
    );
  });
  afterAll(async () => {
    await t?.close();
    await fake?.close();
    rmSync(webRoot, { recursive: true, force: true });
    console.log(`fuzz: ${sent} requests, seed ${SEED}`);
  });

  it.each(ROUTES.map((r, i) => [`${r.method} ${r.path}${r.multipart ? ' (multipart)' : ''} as ${r.who}`, i]))(
    '%s',
    async (_name, index) => {
      const route = ROUTES[index as number];
      const numRuns = Math.max(1, Math.round(route.runs * SCALE));
      const seed = (SEED + (index as number) * 7919) | 0;
      await fc
        .assert(
          fc.asyncProperty(requestFor(route, tokens), async (req) => {
            const res = await app.inject(req);
            sent++;
            const problem = check(req, res);
            if (problem) throw new Error(`${req.method} ${req.url.slice(0, 300)} ${problem}`);
          }),
          { seed, numRuns, endOnFailure: true },
        )
        .catch((err: Error) => {
          const cause = err.cause instanceof Error ? `\n${err.cause.message}` : '';
          throw new Error(`${err.message}${cause}\nReplay the whole run with FUZZ_SEED=${SEED}`);
        });
    },
  );

  it(`sent at least ${MIN_TOTAL} requests in total`, () => {
    const planned = ROUTES.reduce((n, r) => n + Math.max(1, Math.round(r.runs * SCALE)), 0);
    expect(planned).toBeGreaterThanOrEqual(SCALE >= 1 ? MIN_TOTAL : 1);
    expect(sent).toBeGreaterThanOrEqual(planned);
  });
});
