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
 *
 * Budget: each route's `runs` is its weight; the weights are scaled to TOTAL_RUNS requests, and
 * each route's runs are split over PARALLEL properties with seeds derived from the run's seed,
 * so several requests are in flight at once (the app waits on PostgreSQL and Redis, not the CPU).
 */
import fc from 'fast-check';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DataSource } from 'typeorm';
import {
  AUTH_REFRESH_COOKIE,
  MESSAGE_SORTS,
  MESSAGE_STATUSES,
  PAYMENT_SORTS,
  PORTAL,
  PROJECT_STATUSES,
  ROLES,
  SERVICE_SORTS,
  SUBSCRIBER_SORTS,
  SUBSCRIBER_STATES,
} from '@studio/shared';
import { PortalAuthService } from '../src/projects/portal-auth.service';
import { fakeStripeEnv, FakeStripe, startFakeStripe } from './support/fake-stripe';
import { paidProject } from './support/paid-booking';
import { adminToken, createTestApp, registerAndLogin, TestApp } from './support/test-app';

const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : (Date.now() ^ (Math.random() * 2 ** 31)) | 0;
const SCALE = process.env.FUZZ_SCALE ? Number(process.env.FUZZ_SCALE) : 1;
const MIN_TOTAL = 10_000;
const TOTAL_RUNS = 11_000;
const PARALLEL = 4;
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
/** The query of a back-office list: paging, search, order, and the list's own filters. */
const adminListQuery = (extra: Fields = {}): Fields => ({
  ...pagingFields,
  search: field(words),
  order: field(fc.constantFrom('asc', 'desc', 'ASC', 'up')),
  ...extra,
});
const oneOf = (values: readonly string[]) => field(fc.constantFrom(...values, 'nope'));
const month = fc.oneof(
  fc
    .date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 7)),
  fc.constantFrom('2026-13', '1999-00', '2026-1'),
);
const isoDate = fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
const uuid = fc.uuid();
const password = fc.oneof(
  fc.string({ minLength: 8, maxLength: 40 }),
  fc.constantFrom('password', 'a'.repeat(200)),
);
const otpCode = fc.oneof(fc.stringMatching(/^\d{6}$/), fc.stringMatching(/^[a-z0-9]{4}-[a-z0-9]{4}$/));
const base64 = (s: string) => Buffer.from(s).toString('base64');

const serviceFields: Fields = {
  name: field(fc.string({ minLength: 1, maxLength: 100 })),
  description: field(words),
  price: field(fc.oneof(fc.integer({ min: -10, max: 100_000 }), fc.double())),
  compareAtPrice: field(fc.option(fc.integer({ min: 0, max: 100_000 }))),
  type: field(fc.constantFrom('mix', 'master', 'production', 'bundle')),
  revisions: field(fc.constantFrom('2', 'unlimited')),
  badge: field(fc.option(fc.string({ maxLength: 30 }))),
  features: field(fc.array(words, { maxLength: 5 })),
  isBulkDeal: field(fc.boolean()),
  onHome: field(fc.boolean()),
  isActive: field(fc.boolean()),
  sortOrder: field(fc.integer({ min: -5, max: 1000 })),
};

const taxonomyFields: Fields = {
  name: field(fc.string({ minLength: 2, maxLength: 100 })),
  slug: field(slug),
  description: field(words),
  parentId: field(id),
};

// ---------------------------------------------------------------------------------------------
// The route table

/**
 * `client`: a portal session cookie (a paid booking's client); `member`: a signed-in staff account
 * of its own; `browser`: the admin's session as a browser holds it (the refresh cookie only).
 */
type Who = 'anyone' | 'admin' | 'author' | 'client' | 'member' | 'browser';

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
  /** Extra request headers (tus uploads). */
  headers?: Record<string, fc.Arbitrary<string>>;
  /** A raw body sent as is, with `rawContentType`. */
  raw?: fc.Arbitrary<Buffer>;
  rawContentType?: string;
  who: Who;
  /** Weight in the request budget (see TOTAL_RUNS). */
  runs: number;
}

type RouteOptions = Omit<Route, 'method' | 'path' | 'runs' | 'who'> & { who?: Who };

/** One route; `who` defaults to admin, as most routes in the table are the back office's. */
const route = (method: Route['method'], path: string, runs: number, opts: RouteOptions = {}): Route => ({
  method,
  path,
  runs,
  who: 'admin',
  ...opts,
});

/** A route on one record: `:id` in the path from `ids` (numeric ids by default). */
const byId = (
  method: Route['method'],
  path: string,
  runs: number,
  opts: RouteOptions & { ids?: fc.Arbitrary<string> } = {},
): Route => {
  const { ids = idString, ...rest } = opts;
  return route(method, path, runs, { ...rest, params: { id: ids, ...rest.params } });
};

/** The list, create, update and delete routes of a back-office collection. */
const crud = (
  base: string,
  body: Fields,
  runs: { list: number; one?: number; create: number; update: number; remove: number },
  listQuery: Fields = {},
): Route[] => [
  route('GET', base, runs.list, { query: listQuery }),
  ...(runs.one ? [byId('GET', `${base}/:id`, runs.one)] : []),
  route('POST', base, runs.create, { body }),
  byId('PUT', `${base}/:id`, runs.update, { body }),
  byId('DELETE', `${base}/:id`, runs.remove),
];

/** Session cookies as a browser, a stale tab or a forger might send them. */
const sessionCookies = fc.oneof(
  fc.tuple(uuid, fc.base64String()).map(([sid, secret]) => `authRefresh=${sid}.${secret}`),
  fc.tuple(weirdString, weirdString).map(([a, b]) => `authRefresh=${pct(a)}; authToken=${pct(b)}`),
  fc.constantFrom(
    'authRefresh=.',
    'authRefresh=x.y.z; authToken=x.y.z',
    'authToken=',
    `authRefresh=${'a'.repeat(5000)}`,
  ),
);
const origins = fc.oneof(
  fc.constantFrom('http://localhost:3000', 'https://evil.example', 'null', '', 'not a url'),
  fc.webUrl(),
);
const fetchSites = fc.constantFrom('same-origin', 'same-site', 'cross-site', 'none', 'nonsense');

const issueFields = {
  subject: field(words),
  preheader: field(words),
  bodyHtml: field(fc.oneof(words, fc.constant('<h2>News</h2><p>Hello <a href="/blog">blog</a></p>'))),
};

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
    runs: 450,
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
  { method: 'GET', path: '/api/health/live', query: {}, who: 'anyone', runs: 10 },
  { method: 'GET', path: '/api/health/ready', query: {}, who: 'anyone', runs: 10 },
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
    runs: 250,
  },
  byId('GET', '/api/admin/blog/posts/:id', 150),
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
  byId('PUT', '/api/admin/blog/posts/:id', 300, { body: postFields }),
  byId('DELETE', '/api/admin/blog/posts/:id', 80),
  ...crud('/api/admin/blog/categories', taxonomyFields, { list: 20, create: 230, update: 150, remove: 50 }),
  ...crud('/api/admin/blog/tags', taxonomyFields, { list: 20, create: 230, update: 150, remove: 50 }),
  { method: 'GET', path: '/api/admin/blog/media', query: {}, who: 'admin', runs: 20 },
  {
    method: 'POST',
    path: '/api/admin/blog/media',
    multipart: { fields: { altText: field(words), caption: field(words) }, fileField: 'file' },
    who: 'admin',
    runs: 150,
  },
  byId('PUT', '/api/admin/blog/media/:id', 110, { body: { altText: field(words), caption: field(words) } }),
  byId('DELETE', '/api/admin/blog/media/:id', 40),
  {
    method: 'GET',
    path: '/api/admin/blog/comments',
    query: { ...pagingFields, status: field(status) },
    who: 'admin',
    runs: 230,
  },
  byId('PUT', '/api/admin/blog/comments/:id/approve', 80),
  byId('PUT', '/api/admin/blog/comments/:id/unapprove', 80),
  byId('DELETE', '/api/admin/blog/comments/:id', 50),
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
  // Projects part 2 (reviews, rounds, balance, media)
  {
    method: 'GET',
    path: '/api/admin/projects/:id/review',
    params: { id: fc.uuid() },
    who: 'admin',
    runs: 40,
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:id/protection',
    params: { id: fc.uuid() },
    body: {
      protection: field(fc.constantFrom('none', 'tag', 'fade', 'drm')),
      tagEverySec: field(fc.integer({ min: -5, max: 200 })),
    },
    who: 'admin',
    runs: 80,
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:id/comments',
    params: { id: fc.uuid() },
    body: {
      versionId: field(fc.uuid()),
      atSec: field(fc.double({ min: -10, max: 1e6 })),
      endSec: field(fc.double({ min: -10, max: 1e6 })),
      body: field(words),
      parentId: field(id),
    },
    who: 'admin',
    runs: 80,
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:id/comments/:cid/resolve',
    params: { id: fc.uuid(), cid: idString },
    body: { resolved: field(fc.boolean()) },
    who: 'admin',
    runs: 40,
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:id/versions/:vid/preview-url',
    params: { id: fc.uuid(), vid: fc.uuid() },
    who: 'admin',
    runs: 30,
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:id/versions/:vid/peaks',
    params: { id: fc.uuid(), vid: fc.uuid() },
    who: 'admin',
    runs: 30,
  },
  {
    method: 'POST',
    path: '/api/admin/projects/:id/comments/:cid/replies',
    params: { id: fc.uuid(), cid: idString },
    body: { body: field(words) },
    who: 'admin',
    runs: 60,
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:id/files/:fid/download',
    params: { id: fc.uuid(), fid: fc.oneof(idString, fc.constantFrom('abcdef0123456789', '..', '%2e%2e')) },
    who: 'admin',
    runs: 40,
  },
  {
    method: 'GET',
    path: '/api/admin/projects/:id/files.zip',
    params: { id: fc.uuid() },
    who: 'admin',
    runs: 30,
  },
  { method: 'GET', path: '/api/pay/:token', params: { token: fc.base64String() }, who: 'anyone', runs: 60 },
  {
    method: 'POST',
    path: '/api/pay/:token/checkout',
    params: { token: fc.base64String() },
    who: 'anyone',
    runs: 40,
  },
  {
    method: 'GET',
    path: '/api/media/previews/:vid',
    params: { vid: fc.uuid() },
    query: {
      exp: field(fc.integer({ min: 0, max: 2 ** 40 }).map(String)),
      for: field(fc.constantFrom('client', 'staff', 'x')),
      sig: field(fc.base64String()),
    },
    who: 'anyone',
    runs: 60,
  },
  {
    method: 'GET',
    path: '/api/media/downloads/:pid/:fid',
    params: { pid: fc.uuid(), fid: fc.constantFrom('all', 'abcdef0123456789') },
    query: { exp: field(fc.integer({ min: 0, max: 2 ** 40 }).map(String)), sig: field(fc.base64String()) },
    who: 'anyone',
    runs: 60,
  },

  // Client portal (a paid booking's client, signed in by magic link) and tus uploads
  route('POST', '/api/portal/link', 150, { who: 'anyone', body: { email: field(email) } }),
  route('POST', '/api/portal/session', 150, { who: 'anyone', body: { token: field(fc.base64String()) } }),
  route('GET', '/api/portal/me', 20, { who: 'client' }),
  route('GET', '/api/portal/projects', 20, { who: 'client' }),
  byId('GET', '/api/portal/projects/:id', 120, { who: 'client', ids: uuid }),
  route('POST', '/api/uploads', 200, {
    who: 'client',
    headers: {
      'tus-resumable': fc.constantFrom('1.0.0', '0.2.2', ''),
      'upload-length': fc.oneof(fc.nat().map(String), weirdString),
      'upload-metadata': fc.oneof(
        fc
          .tuple(fc.oneof(uuid, weirdString), weirdString)
          .map(([projectId, name]) => `projectId ${base64(projectId)},filename ${base64(name)}`),
        weirdString.map((w) => w.replace(/[\r\n]/g, ' ')),
      ),
    },
  }),
  byId('PATCH', '/api/uploads/:id', 120, {
    who: 'client',
    ids: fc.oneof(uuid, fc.stringMatching(/^[0-9a-f]{32}$/)),
    headers: {
      'tus-resumable': fc.constant('1.0.0'),
      'upload-offset': fc.oneof(fc.nat().map(String), weirdString),
    },
    raw: fc.uint8Array({ maxLength: 256 }).map((a) => Buffer.from(a)),
    rawContentType: 'application/offset+octet-stream',
  }),
  byId('HEAD', '/api/uploads/:id', 50, {
    who: 'client',
    ids: uuid,
    headers: { 'tus-resumable': fc.constant('1.0.0') },
  }),
  byId('DELETE', '/api/uploads/:id', 30, {
    who: 'client',
    ids: uuid,
    headers: { 'tus-resumable': fc.constant('1.0.0') },
  }),

  // Back office
  route('GET', '/api/admin/messages', 200, {
    query: adminListQuery({
      sort: oneOf(MESSAGE_SORTS),
      status: oneOf(MESSAGE_STATUSES),
      service: field(service),
    }),
  }),
  route('GET', '/api/admin/messages/unread-count', 10),
  byId('GET', '/api/admin/messages/:id', 60),
  byId('PATCH', '/api/admin/messages/:id', 100, { body: { status: oneOf(MESSAGE_STATUSES) } }),
  byId('POST', '/api/admin/messages/:id/reply', 100, { body: { body: field(words), serviceId: field(id) } }),
  route('GET', '/api/admin/payments', 200, {
    query: adminListQuery({
      sort: oneOf(PAYMENT_SORTS),
      status: oneOf(['pending', 'succeeded', 'refunded']),
      kind: oneOf(['deposit', 'plan', 'custom']),
      month: field(month),
      format: oneOf(['json', 'csv']),
    }),
  }),
  byId('GET', '/api/admin/payments/:id', 60),
  byId('POST', '/api/admin/payments/:id/refund', 100, {
    body: {
      amount: field(weirdNumber),
      requestId: field(uuid),
      reason: field(words),
      projectAction: oneOf(['none', 'on_hold', 'cancelled']),
    },
  }),
  route('GET', '/api/admin/payments/issues', 10),
  byId('POST', '/api/admin/payments/issues/:id/resolve', 30),
  route('GET', '/api/admin/subscribers', 200, {
    query: adminListQuery({
      sort: oneOf(SUBSCRIBER_SORTS),
      state: oneOf(SUBSCRIBER_STATES),
      referred: oneOf(['yes', 'no']),
      format: oneOf(['json', 'csv']),
    }),
  }),
  byId('POST', '/api/admin/subscribers/:id/unsubscribe', 50),
  byId('DELETE', '/api/admin/subscribers/:id', 50),
  route('GET', '/api/admin/lottery/draws', 20),
  route('POST', '/api/admin/lottery/draws', 100, { body: { month: field(month) } }),
  byId('POST', '/api/admin/lottery/draws/:id/resend', 50),
  route('GET', '/api/admin/referrals', 150, { query: adminListQuery() }),
  byId('POST', '/api/admin/referrals/:id/void', 50),
  ...crud(
    '/api/admin/services',
    serviceFields,
    { list: 150, one: 50, create: 250, update: 200, remove: 50 },
    adminListQuery({ sort: oneOf(SERVICE_SORTS), active: field(fc.constantFrom('true', 'false', '1')) }),
  ),
  route('GET', '/api/admin/projects', 150, {
    query: {
      status: oneOf(PROJECT_STATUSES),
      search: field(words),
      page: field(fc.integer({ min: -2, max: 10_000 }).map(String)),
      limit: field(fc.integer({ min: -2, max: 500 }).map(String)),
    },
  }),
  byId('GET', '/api/admin/projects/:id', 50, { ids: uuid }),
  byId('POST', '/api/admin/projects/:id/status', 100, {
    ids: uuid,
    body: { status: oneOf(PROJECT_STATUSES), note: field(words) },
  }),
  byId('POST', '/api/admin/projects/:id/accept-files', 30, { ids: uuid }),
  byId('POST', '/api/admin/projects/:id/request-files', 50, { ids: uuid, body: { note: field(words) } }),
  byId('POST', '/api/admin/projects/:id/notes', 50, { ids: uuid, body: { note: field(words) } }),
  route('GET', '/api/admin/audit', 150, {
    query: {
      actorId: field(idString),
      action: field(fc.string()),
      from: field(isoDate),
      to: field(isoDate),
      ...pagingFields,
    },
  }),
  route('GET', '/api/admin/audit/export', 50, { query: { from: field(isoDate), to: field(isoDate) } }),

  // Staff accounts and sign-in
  route('POST', '/api/password/forgot', 150, { who: 'anyone', body: { email: field(email) } }),
  route('POST', '/api/password/reset', 120, {
    who: 'anyone',
    body: { token: field(fc.base64String()), password: field(password) },
  }),
  route('POST', '/api/invitations/accept', 100, {
    who: 'anyone',
    body: { token: field(fc.base64String()), password: field(password) },
  }),
  route('POST', '/api/login/2fa', 150, {
    who: 'anyone',
    body: { challenge: field(fc.base64String()), code: field(otpCode) },
  }),
  route('POST', '/api/password/change', 60, {
    who: 'member',
    body: { currentPassword: field(password), newPassword: field(password) },
  }),
  route('GET', '/api/account/2fa', 20, { who: 'member' }),
  route('POST', '/api/account/2fa/setup', 2, { who: 'member', body: {} }),
  ...['confirm', 'recovery-codes', 'disable'].map((action) =>
    route('POST', `/api/account/2fa/${action}`, 60, { who: 'member', body: { code: field(otpCode) } }),
  ),
  route('GET', '/api/admin/users', 20),
  route('POST', '/api/admin/users/invite', 150, {
    body: { email: field(email), role: oneOf(ROLES), displayName: field(fc.string()) },
  }),
  byId('POST', '/api/admin/users/:id/resend-invitation', 50),
  byId('PATCH', '/api/admin/users/:id/role', 80, { body: { role: oneOf(ROLES) } }),
  ...['deactivate', 'reactivate', 'reset-2fa'].map((action) =>
    byId('POST', `/api/admin/users/:id/${action}`, 50),
  ),
  route('POST', '/api/admin/data-requests/export', 80, { body: { email: field(email) } }),
  route('POST', '/api/admin/data-requests/erase', 80, { body: { email: field(email) } }),
  // Newsletter issues and the dashboard's charts
  route('GET', '/api/admin/newsletter/issues', 60, {
    query: {
      ...pagingFields,
      search: field(words),
      state: field(fc.constantFrom('draft', 'sending', 'paused', 'sent')),
    },
  }),
  route('POST', '/api/admin/newsletter/issues', 120, { body: issueFields }),
  byId('PUT', '/api/admin/newsletter/issues/:id', 60, { body: issueFields }),
  route('POST', '/api/admin/newsletter/preview', 80, { body: issueFields }),
  byId('GET', '/api/admin/newsletter/issues/:id', 40),
  byId('POST', '/api/admin/newsletter/issues/:id/send', 30),
  byId('POST', '/api/admin/newsletter/issues/:id/pause', 20),
  byId('POST', '/api/admin/newsletter/issues/:id/resume', 20),
  byId('POST', '/api/admin/newsletter/issues/:id/test', 20),
  byId('DELETE', '/api/admin/newsletter/issues/:id', 20),
  route('GET', '/api/admin/stats/charts', 10),
  // Last: these can end the sessions the routes above use.
  route('PUT', '/api/admin/users/security', 40, { body: { requireTwoFactor: field(fc.boolean()) } }),
  route('POST', '/api/portal/logout', 20, { who: 'client', body: {} }),
  // Sessions in cookies: the refresh and same-origin hooks read them before any route; the
  // staff preview pass before any look-up. The real browser session rotates as it goes.
  route('GET', '/api/user', 60, { who: 'browser', headers: { origin: origins } }),
  route('GET', '/api/user', 60, { who: 'anyone', headers: { cookie: sessionCookies } }),
  route('GET', '/admin/queues/api/queues', 30, { who: 'anyone', headers: { cookie: sessionCookies } }),
  route('PUT', '/api/admin/settings', 40, {
    who: 'browser',
    body: { blogName: field(fc.string({ minLength: 1, maxLength: 100 })) },
    headers: { origin: origins, 'sec-fetch-site': fetchSites },
  }),
  route('POST', '/api/portal/session', 40, {
    who: 'anyone',
    body: { token: field(fc.base64String()) },
    headers: { origin: origins, 'sec-fetch-site': fetchSites },
  }),
  route('GET', '/api/media/previews/:vid', 40, {
    who: 'anyone',
    params: { vid: uuid },
    query: {
      exp: field(fc.integer({ min: 0, max: 2 ** 40 }).map(String)),
      for: field(fc.constant('staff')),
      sig: field(fc.base64String()),
    },
    headers: {
      cookie: fc.oneof(
        fc.base64String().map((v) => `staffPreview=${v}`),
        fc.constant('staffPreview=x.y.z'),
        sessionCookies,
      ),
    },
  }),
  // Last of all: the browser's logout ends its session.
  route('POST', '/api/logout', 20, { who: 'browser', body: {}, headers: { origin: origins } }),
];

/** Requests per route: its weight's share of TOTAL_RUNS, at least one. */
const WEIGHTS = ROUTES.reduce((n, r) => n + r.runs, 0);
const runsOf = (r: Route) => Math.max(1, Math.round((r.runs / WEIGHTS) * TOTAL_RUNS * SCALE));

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
  if (route.raw) {
    const contentType = route.rawContentType;
    body = route.raw.map((payload) => ({ payload, contentType }));
  }
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
  const extraHeaders = fc.record(route.headers ?? {}, { requiredKeys: [] }) as fc.Arbitrary<
    Record<string, string>
  >;
  return fc.tuple(params, query, body, auth, clientAddress, extraHeaders).map(([p, q, b, a, ip, h]) => {
    const path = route.path.replace(/:(\w+)/g, (_, name: string) => p[name]);
    // Header values cannot carry control characters or non-Latin-1 text; a client cannot send them.
    const headers: Record<string, string> = Object.fromEntries(
      Object.entries(h).map(([k, v]) => [k, v.replace(/[^\x20-\x7e]/g, '?')]),
    );
    if (a?.startsWith(`${PORTAL.cookieName}=`) || a?.startsWith(`${AUTH_REFRESH_COOKIE}=`))
      headers.cookie = a;
    else if (a) headers.authorization = a.startsWith('Bearer') || a.startsWith('Basic') ? a : `Bearer ${a}`;
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
  // A HEAD answer has no body by definition; its status is all there is to check.
  const isApi =
    req.method !== 'HEAD' && req.url.startsWith('/api/') && !HTML_ROUTES.some((r) => r.test(req.url));
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
  const tokens: Record<Who, string | null> = {
    anyone: null,
    admin: null,
    author: null,
    client: null,
    member: null,
    browser: null,
  };
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
    tokens.member = await registerAndLogin(t, 'fuzz_member');
    // A client with a paid booking, signed in to the portal by a link.
    await paidProject(t, fake, 'fuzz-client@example.org');
    const portal = t.app.get(PortalAuthService);
    const link = await portal.createLink('fuzz-client@example.org');
    const { session } = await portal.consume(link.slice(link.indexOf('#token=') + 7));
    tokens.client = `${PORTAL.cookieName}=${session}`;
    const signedIn = await t
      .http()
      .post('/api/login')
      .send({ username: 'admin', password: 'admin-password-1' });
    const refresh = ([] as string[])
      .concat(signedIn.headers['set-cookie'] ?? [])
      .find((c) => c.startsWith(`${AUTH_REFRESH_COOKIE}=`));
    if (!refresh) throw new Error('the admin login set no refresh cookie');
    tokens.browser = refresh.split(';')[0];
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
      const numRuns = runsOf(route);
      const property = fc.asyncProperty(requestFor(route, tokens), async (req) => {
        const res = await app.inject(req);
        sent++;
        const problem = check(req, res);
        if (problem) throw new Error(`${req.method} ${req.url.slice(0, 300)} ${problem}`);
      });
      const lanes = Math.min(PARALLEL, numRuns);
      await Promise.all(
        Array.from({ length: lanes }, (_, lane) =>
          fc.assert(property, {
            seed: (SEED + (index as number) * 7919 + lane * 104_729) | 0,
            numRuns: Math.ceil(numRuns / lanes),
            endOnFailure: true,
          }),
        ),
      ).catch((err: Error) => {
        const cause = err.cause instanceof Error ? `\n${err.cause.message}` : '';
        throw new Error(`${err.message}${cause}\nReplay the whole run with FUZZ_SEED=${SEED}`);
      });
    },
  );

  it(`sent at least ${MIN_TOTAL} requests in total`, () => {
    const planned = ROUTES.reduce((n, r) => n + runsOf(r), 0);
    expect(planned).toBeGreaterThanOrEqual(SCALE >= 1 ? MIN_TOTAL : 1);
    expect(sent).toBeGreaterThanOrEqual(planned);
  });
});
