// Types of server.mjs for the backend's TypeScript HTTP tests.
export type FormValue = string | FormObject | FormValue[];
export interface FormObject {
  [key: string]: FormValue;
}

export interface FakeStripeRequest {
  method: string;
  path: string;
  body: FormObject;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
}

export type StripeObject = Record<string, unknown>;

export interface FakeStripeOptions {
  port?: number;
  host?: string;
  /** Checkout sessions get a local hosted page (browser tests) instead of Stripe's own URL. */
  localCheckout?: boolean;
}

export interface FakeStripe {
  url: string;
  requests: FakeStripeRequest[];
  paymentIntents: Map<string, StripeObject>;
  checkoutSessions: Map<string, StripeObject>;
  /** Refunds made through POST /v1/refunds, by id (GET /v1/refunds lists them). */
  refunds: Map<string, StripeObject>;
  /** Disputes GET /v1/disputes lists, by id (tests add them). */
  disputes: Map<string, StripeObject>;
  /** Charges added or overridden by hand (`ch_for_<intent>` replaces the one derived from it). */
  charges: Map<string, StripeObject>;
  /** Requests to `path` (e.g. '/v1/payment_intents'), optionally only with `method`. */
  requestsTo(path: string, method?: string): FakeStripeRequest[];
  /** Answer every call with this HTTP status (a Stripe api_error) until called with null. */
  failWith(status: number | null): void;
  setIntentStatus(id: string, status: string): StripeObject;
  /** Answer matching paths `ms` late (the work is done at once) until called with null. */
  holdResponses(pattern: RegExp | null, ms?: number): void;
  /** The customer pays this session: complete, paid, with a succeeded PaymentIntent behind it. */
  completeSession(id: string): StripeObject;
  close(): Promise<void>;
}

export declare const FAKE_STRIPE_WEBHOOK_SECRET: string;
export declare function decodeForm(raw: string): FormObject;
export declare function fakeStripeEnv(
  fake: Pick<FakeStripe, 'url'>,
  webhookSecret?: string,
): Record<string, string>;
export declare function startFakeStripe(options?: FakeStripeOptions): Promise<FakeStripe>;
