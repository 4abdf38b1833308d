/**
 * Loads Stripe.js on demand. The `pure` entry of @stripe/stripe-js adds the script only when
 * loadStripe is called, so only a page that shows the payment form ever downloads it; the home
 * page and the rest of the site never do.
 */
import type { Stripe } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';

const instances = new Map<string, Promise<Stripe>>();

export function getStripe(publishableKey: string): Promise<Stripe> {
  let instance = instances.get(publishableKey);
  if (!instance) {
    instance = loadStripe(publishableKey).then((stripe) => {
      if (!stripe) throw new Error('Stripe.js is not available');
      return stripe;
    });
    // A failed load (offline, blocked) may succeed on the next visit to a payment page.
    instance.catch(() => instances.delete(publishableKey));
    instances.set(publishableKey, instance);
  }
  return instance;
}
