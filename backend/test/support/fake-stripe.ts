/**
 * The fake Stripe the HTTP tests point the app at. One implementation serves these tests and
 * the browser tests: e2e/fake-stripe/server.mjs (see its header for what it answers).
 */
export {
  FAKE_STRIPE_WEBHOOK_SECRET,
  decodeForm,
  fakeStripeEnv,
  startFakeStripe,
} from '../../../e2e/fake-stripe/server.mjs';
export type {
  FakeStripe,
  FakeStripeRequest,
  FormObject,
  FormValue,
} from '../../../e2e/fake-stripe/server.mjs';
