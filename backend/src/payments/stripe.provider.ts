import { Provider } from '@nestjs/common';
import Stripe from 'stripe';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';

/** Injection token for the one Stripe client, or null when payments are not configured. */
export const STRIPE = Symbol('STRIPE');

const STRIPE_TIMEOUT_MS = 15_000;

/**
 * Builds the client once. STRIPE_API_BASE (a stripe-mock compatible server) replaces Stripe's
 * host, port and protocol, so tests and offline development never reach the internet.
 */
export function createStripeClient(config: AppConfig['stripe']): Stripe | null {
  if (!config.secretKey) return null;
  const options: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: STRIPE_TIMEOUT_MS, telemetry: false };
  if (config.apiBase) {
    const base = new URL(config.apiBase);
    options.host = base.hostname;
    options.protocol = base.protocol === 'http:' ? 'http' : 'https';
    options.port = base.port || (base.protocol === 'http:' ? 80 : 443);
  }
  return new Stripe(config.secretKey, options);
}

export const stripeProvider: Provider = {
  provide: STRIPE,
  inject: [APP_CONFIG],
  useFactory: (config: AppConfig) => createStripeClient(config.stripe),
};
