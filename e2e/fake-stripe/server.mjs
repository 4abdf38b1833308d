/**
 * The one fake Stripe of the test suites: a small Stripe-compatible HTTP server that the
 * backend's HTTP tests (backend/test/support/fake-stripe.ts re-exports it) and the browser tests
 * (e2e/run.mjs starts it) both point the app at through STRIPE_API_BASE, so no test reaches the
 * internet.
 *
 * Stripe API (what the backend calls): POST /v1/payment_intents, GET /v1/payment_intents/:id,
 * POST /v1/checkout/sessions, POST /v1/checkout/sessions/:id/expire (open sessions only, as
 * Stripe), POST /v1/refunds, and the lists reconciliation reads: GET /v1/charges, /v1/refunds,
 * /v1/disputes (newest first, `created[gte]`/`created[lt]`, `limit`, `starting_after`, as
 * Stripe pages them). A charge stands for each succeeded PaymentIntent (`ch_for_<intent>`, its
 * refunded total from the refunds); `charges`, `refunds` and `disputes` are plain maps a test
 * may change to inject differences. Form-encoded bodies are decoded the way Stripe reads them,
 * idempotency keys are honoured, and every request is recorded so a test can assert exactly
 * what the server asked Stripe to charge.
 *
 * The hosted Checkout page: a session's `url` is Stripe's own host by default; with
 * `startFakeStripe({ localCheckout: true })` (the browser tests) it is
 * http://127.0.0.1:<port>/checkout/<id>, a plain page showing what the session charges, with
 * "Pay" (marks the session paid and goes to its success_url, {CHECKOUT_SESSION_ID} filled in)
 * and "Cancel" (its cancel_url).
 *
 * A session paid (the hosted page's Pay, or `completeSession(id)` in-process, or
 * POST /__fake/checkout_sessions/:id/complete) gets a succeeded PaymentIntent of its amount,
 * currency and payment_intent_data metadata, so refunds of it work as for any payment.
 *
 * Steering it: in-process through the returned object (requestsTo, failWith, setIntentStatus),
 * or over HTTP (JSON, under /__fake/) from another process:
 *   GET  /__fake/requests                          every recorded API request
 *   GET  /__fake/checkout_sessions/:id             one session as stored
 *   GET  /__fake/payment_intents/:id               one intent as stored
 *   POST /__fake/payment_intents/:id/status        {"status": "succeeded"} — what Stripe reports next
 *   POST /__fake/checkout_sessions/:id/complete    pays the session (whatever its status)
 *   POST /__fake/fail                              {"status": 500} or {"status": null}
 *
 * Types for TypeScript callers: server.d.mts.
 */
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

/** `a[b][0][c]=1` -> { a: { b: [ { c: '1' } ] } }, as Stripe decodes the SDK's bodies. */
export function decodeForm(raw) {
  const root = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const path = key.split(/\[|\]\[|\]/).filter((p, i) => i === 0 || p !== '');
    let node = root;
    path.forEach((part, i) => {
      const last = i === path.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(path[i + 1]);
      const slot = Array.isArray(node) ? Number(part) : part;
      if (last) node[slot] = value;
      else {
        node[slot] ??= nextIsIndex ? [] : {};
        node = node[slot];
      }
    });
  }
  return root;
}

const newId = (prefix) => `${prefix}_fake${randomBytes(8).toString('hex')}`;
const str = (v) => (typeof v === 'string' ? v : undefined);
const num = (v) => (typeof v === 'string' ? Number(v) : null);
const escapeHtml = (s) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c],
  );
const pounds = (pence) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' }).format(Number(pence) / 100);

export const FAKE_STRIPE_WEBHOOK_SECRET = 'whsec_test';

/** The environment that points the app at a fake Stripe. */
export function fakeStripeEnv(fake, webhookSecret = FAKE_STRIPE_WEBHOOK_SECRET) {
  return {
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
    STRIPE_WEBHOOK_SECRET: webhookSecret,
    STRIPE_API_BASE: fake.url,
  };
}

export async function startFakeStripe({ port = 0, host = '127.0.0.1', localCheckout = false } = {}) {
  const requests = [];
  const paymentIntents = new Map();
  const checkoutSessions = new Map();
  const refunds = new Map();
  const disputes = new Map();
  /** Charges a test adds or changes by hand (injected differences); by id. */
  const extraCharges = new Map();
  const idempotent = new Map();
  let failure = null;
  let hold = null;
  let baseUrl = '';

  /**
   * Answer requests to paths matching `pattern` only after `ms` (the operation itself is done at
   * once, as Stripe does it before its answer reaches the caller), until called with null: a
   * window in which to kill the caller between Stripe's work and its own commit.
   */
  const holdResponses = (pattern, ms) => {
    hold = pattern ? { pattern, ms } : null;
  };

  /** Answer every API call with this HTTP status (a Stripe api_error) until called with null. */
  const failWith = (status) => {
    failure = status;
  };
  /** What Stripe reports for this intent from now on ('succeeded' also marks the amount received). */
  const setIntentStatus = (intentId, status) => {
    const intent = paymentIntents.get(intentId);
    if (!intent) throw new Error(`fake Stripe: no intent ${intentId}`);
    intent.status = status;
    if (status === 'succeeded') intent.amount_received = intent.amount;
    return intent;
  };

  /** The customer pays a session: it completes with a succeeded PaymentIntent behind it. */
  const completeSession = (sessionId) => {
    const session = checkoutSessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (!session.payment_intent) {
      const intentId = newId('pi');
      paymentIntents.set(intentId, {
        id: intentId,
        object: 'payment_intent',
        amount: session.amount_total,
        amount_received: session.amount_total,
        currency: session.currency,
        status: 'succeeded',
        client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
        metadata: session.payment_intent_data?.metadata ?? {},
        customer: null,
        livemode: false,
        created: Math.floor(Date.now() / 1000),
      });
      session.payment_intent = intentId;
    }
    session.status = 'complete';
    session.payment_status = 'paid';
    return session;
  };

  /** Every charge Stripe would list: one per succeeded intent, plus the ones a test added. */
  const allCharges = () => {
    const list = [];
    for (const intent of paymentIntents.values()) {
      if (intent.status !== 'succeeded') continue;
      const id = `ch_for_${intent.id}`;
      if (extraCharges.has(id)) continue;
      const refunded = [...refunds.values()]
        .filter((r) => r.payment_intent === intent.id)
        .reduce((sum, r) => sum + Number(r.amount), 0);
      list.push({
        id,
        object: 'charge',
        amount: Number(intent.amount_received),
        amount_captured: Number(intent.amount_received),
        amount_refunded: refunded,
        refunded: refunded >= Number(intent.amount_received),
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
        paid: true,
        created: intent.created,
      });
    }
    return [...list, ...extraCharges.values()];
  };

  /** Stripe's list page: newest first, created[gte]/[lt], limit, starting_after. */
  const listOf = (items, query, url) => {
    const gte = num(query.created?.gte);
    const lt = num(query.created?.lt);
    const sorted = items
      .filter((o) => (gte == null || o.created >= gte) && (lt == null || o.created < lt))
      .sort((a, b) => b.created - a.created || (a.id < b.id ? 1 : -1));
    const after = str(query.starting_after);
    const start = after ? sorted.findIndex((o) => o.id === after) + 1 : 0;
    const limit = Math.min(Math.max(num(query.limit) ?? 10, 1), 100);
    const data = sorted.slice(start, start + limit);
    return [200, { object: 'list', url, data, has_more: start + limit < sorted.length }];
  };

  const notFound = (what, id) => [
    404,
    {
      error: {
        type: 'invalid_request_error',
        code: 'resource_missing',
        message: `No such ${what}: '${id}'`,
      },
    },
  ];

  const apiRoutes = [
    {
      method: 'POST',
      pattern: /^\/v1\/payment_intents$/,
      handle: (body) => {
        const intentId = newId('pi');
        const intent = {
          id: intentId,
          object: 'payment_intent',
          amount: num(body.amount),
          amount_received: 0,
          currency: str(body.currency),
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(6).toString('hex')}`,
          automatic_payment_methods: body.automatic_payment_methods ?? null,
          description: str(body.description) ?? null,
          receipt_email: str(body.receipt_email) ?? null,
          metadata: body.metadata ?? {},
          customer: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        paymentIntents.set(intentId, intent);
        return [200, intent];
      },
    },
    {
      method: 'GET',
      pattern: /^\/v1\/payment_intents\/([^/]+)$/,
      handle: (_body, m) => {
        const id = decodeURIComponent(m[1]);
        const intent = paymentIntents.get(id);
        return intent ? [200, intent] : notFound('payment_intent', id);
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions$/,
      handle: (body) => {
        const sessionId = newId('cs_test');
        const items = Array.isArray(body.line_items) ? body.line_items : [];
        const amountTotal = items.reduce(
          (sum, item) => sum + Number(item.price_data?.unit_amount ?? 0) * Number(item.quantity ?? 1),
          0,
        );
        const session = {
          id: sessionId,
          object: 'checkout.session',
          mode: str(body.mode),
          url: localCheckout
            ? `${baseUrl}/checkout/${sessionId}`
            : `https://checkout.stripe.com/c/pay/${sessionId}`,
          amount_total: amountTotal,
          currency: str(items[0]?.price_data?.currency) ?? null,
          customer_email: str(body.customer_email) ?? null,
          client_reference_id: str(body.client_reference_id) ?? null,
          success_url: str(body.success_url),
          cancel_url: str(body.cancel_url),
          metadata: body.metadata ?? {},
          payment_intent_data: body.payment_intent_data ?? {},
          expires_at: num(body.expires_at),
          line_items: items,
          payment_status: 'unpaid',
          status: 'open',
          payment_intent: null,
          livemode: false,
          created: Math.floor(Date.now() / 1000),
        };
        checkoutSessions.set(sessionId, session);
        return [200, session];
      },
    },
    {
      method: 'POST',
      pattern: /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/,
      handle: (_body, m) => {
        const id = decodeURIComponent(m[1]);
        const session = checkoutSessions.get(id);
        if (!session) return notFound('checkout.session', id);
        if (session.status !== 'open')
          return [
            400,
            {
              error: {
                type: 'invalid_request_error',
                message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`,
              },
            },
          ];
        session.status = 'expired';
        return [200, session];
      },
    },
    { method: 'GET', pattern: /^\/v1\/charges$/, handle: (q) => listOf(allCharges(), q, '/v1/charges') },
    {
      method: 'GET',
      pattern: /^\/v1\/refunds$/,
      handle: (q) => listOf([...refunds.values()], q, '/v1/refunds'),
    },
    {
      method: 'GET',
      pattern: /^\/v1\/disputes$/,
      handle: (q) => listOf([...disputes.values()], q, '/v1/disputes'),
    },
    // --- refunds (backoffice addition): a refund of a succeeded intent, never above what is left.
    {
      method: 'POST',
      pattern: /^\/v1\/refunds$/,
      handle: (body) => {
        const intent = paymentIntents.get(str(body.payment_intent) ?? '');
        const refused = (message) => [
          400,
          { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message } },
        ];
        if (!intent) return refused(`No such payment_intent: '${str(body.payment_intent)}'`);
        if (intent.status !== 'succeeded') return refused('This PaymentIntent has not succeeded.');
        const done = [...refunds.values()].filter((r) => r.payment_intent === intent.id);
        const left = Number(intent.amount_received) - done.reduce((sum, r) => sum + Number(r.amount), 0);
        const amount = num(body.amount) ?? left;
        if (amount < 1 || amount > left)
          return refused(`Refund amount (${amount}) is greater than unrefunded amount (${left}).`);
        const refund = {
          id: newId('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intent.id,
          charge: `ch_for_${intent.id}`,
          status: 'succeeded',
          metadata: body.metadata ?? {},
          created: Math.floor(Date.now() / 1000),
        };
        refunds.set(refund.id, refund);
        return [200, refund];
      },
    },
  ];

  const sendJson = (res, status, body, extra = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...extra });
    res.end(JSON.stringify(body));
  };

  const sendHtml = (res, status, html) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  };

  function hostedCheckoutPage(session) {
    const item = session.line_items[0] ?? {};
    const name = item.price_data?.product_data?.name ?? 'Payment';
    const description = item.price_data?.product_data?.description ?? '';
    return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Fake Stripe Checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 3rem auto; padding: 0 1rem">
<h1>Fake Stripe Checkout</h1>
<p>This page stands in for Stripe's hosted Checkout in the browser tests.</p>
<dl>
  <dt>Session</dt><dd data-testid="session-id">${escapeHtml(session.id)}</dd>
  <dt>Product</dt><dd data-testid="product-name">${escapeHtml(name)}</dd>
  <dt>Description</dt><dd>${escapeHtml(description)}</dd>
  <dt>Amount</dt><dd data-testid="amount-total" data-pence="${escapeHtml(session.amount_total)}">${escapeHtml(pounds(session.amount_total))}</dd>
  <dt>Email</dt><dd data-testid="customer-email">${escapeHtml(session.customer_email ?? '')}</dd>
</dl>
<p><a id="pay" href="/checkout/${encodeURIComponent(session.id)}/complete">Pay ${escapeHtml(pounds(session.amount_total))}</a></p>
<p><a id="cancel" href="${escapeHtml(session.cancel_url ?? '/')}">Cancel</a></p>
</body></html>`;
  }

  function handleHosted(req, res, path) {
    const page = path.match(/^\/checkout\/([^/]+)(\/complete)?$/);
    if (!page) return false;
    const session = checkoutSessions.get(decodeURIComponent(page[1]));
    if (!session) {
      sendHtml(res, 404, '<!doctype html><title>Not found</title><h1>No such checkout session</h1>');
      return true;
    }
    if (!page[2]) {
      sendHtml(res, 200, hostedCheckoutPage(session));
      return true;
    }
    completeSession(session.id);
    const target = (session.success_url ?? '/').replace(
      '{CHECKOUT_SESSION_ID}',
      encodeURIComponent(session.id),
    );
    res.writeHead(303, { location: target });
    res.end();
    return true;
  }

  function handleControl(req, res, path, raw) {
    if (!path.startsWith('/__fake/')) return false;
    const json = () => {
      try {
        return raw ? JSON.parse(raw) : {};
      } catch {
        return {};
      }
    };
    let m;
    if (req.method === 'GET' && path === '/__fake/requests') sendJson(res, 200, requests);
    else if (req.method === 'GET' && (m = path.match(/^\/__fake\/checkout_sessions\/([^/]+)$/))) {
      const session = checkoutSessions.get(decodeURIComponent(m[1]));
      sendJson(res, session ? 200 : 404, session ?? { error: 'no such session' });
    } else if (req.method === 'GET' && (m = path.match(/^\/__fake\/payment_intents\/([^/]+)$/))) {
      const intent = paymentIntents.get(decodeURIComponent(m[1]));
      sendJson(res, intent ? 200 : 404, intent ?? { error: 'no such intent' });
    } else if (req.method === 'POST' && (m = path.match(/^\/__fake\/payment_intents\/([^/]+)\/status$/))) {
      const intent = paymentIntents.get(decodeURIComponent(m[1]));
      if (!intent) sendJson(res, 404, { error: 'no such intent' });
      else sendJson(res, 200, setIntentStatus(intent.id, String(json().status)));
    } else if (
      req.method === 'POST' &&
      (m = path.match(/^\/__fake\/checkout_sessions\/([^/]+)\/complete$/))
    ) {
      const id = decodeURIComponent(m[1]);
      if (!checkoutSessions.has(id)) sendJson(res, 404, { error: 'no such session' });
      else sendJson(res, 200, completeSession(id));
    } else if (req.method === 'POST' && path === '/__fake/fail') {
      const { status } = json();
      failWith(typeof status === 'number' ? status : null);
      sendJson(res, 200, { failure });
    } else sendJson(res, 404, { error: `no control ${req.method} ${path}` });
    return true;
  }

  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const [path, query = ''] = (req.url ?? '/').split('?');
      const method = req.method ?? 'GET';
      if (handleControl(req, res, path, raw)) return;
      if (method === 'GET' && handleHosted(req, res, path)) return;

      const idempotencyKey = req.headers['idempotency-key'];
      const body = decodeForm(method === 'GET' ? query : raw);
      requests.push({ method, path, body, idempotencyKey, authorization: req.headers.authorization });
      // Keeps the SDK from retrying the failures a test asks for.
      const headers = { 'request-id': newId('req'), 'stripe-should-retry': 'false' };
      if (failure !== null) {
        return sendJson(
          res,
          failure,
          { error: { type: 'api_error', message: 'The fake Stripe was told to fail.' } },
          headers,
        );
      }
      const cacheKey = idempotencyKey && method === 'POST' ? `${path} ${idempotencyKey}` : null;
      const cached = cacheKey ? idempotent.get(cacheKey) : undefined;
      if (cached) return sendJson(res, 200, cached, headers);
      for (const route of apiRoutes) {
        const match = method === route.method ? path.match(route.pattern) : null;
        if (!match) continue;
        const [status, object] = route.handle(body, match);
        if (cacheKey && status === 200) idempotent.set(cacheKey, object);
        if (hold && hold.pattern.test(path)) {
          setTimeout(() => {
            if (!res.destroyed) sendJson(res, status, object, headers);
          }, hold.ms);
          return;
        }
        return sendJson(res, status, object, headers);
      }
      sendJson(
        res,
        404,
        {
          error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
        },
        headers,
      );
    });
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  baseUrl = `http://${host}:${server.address().port}`;
  return {
    url: baseUrl,
    requests,
    paymentIntents,
    checkoutSessions,
    refunds,
    disputes,
    charges: extraCharges,
    requestsTo: (path, method) => requests.filter((r) => r.path === path && (!method || r.method === method)),
    failWith,
    setIntentStatus,
    completeSession,
    holdResponses,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
