/**
 * The payment calls of the site (spec §7), in one place for the booking page, /checkout, the
 * result pages and the contact page's deposit step. Every amount the server charges is decided
 * there; these calls only say what the visitor chose.
 */
import { ApiError, getJson, postJson, type ServiceDto } from '@studio/shared';

export interface PaymentsConfigResponse {
  success: true;
  configured: boolean;
  publishableKey: string | null;
}

export interface ServiceResponse {
  success: true;
  service: Omit<ServiceDto, 'price'> & { price?: number };
}

export interface CreatePaymentIntentRequest {
  /** Pounds: only read by the server for a custom payment (no serviceId). */
  amount: number;
  serviceId?: number;
  metadata: { service_name: string };
  email?: string;
}

export interface CreatePaymentIntentResponse {
  success: boolean;
  clientSecret?: string;
  paymentId?: number;
  /** What will be charged, in pence. */
  amount?: number;
  message?: string;
}

export interface CreateCheckoutSessionRequest {
  serviceName: string;
  referralCode?: string;
  email?: string;
}

export interface CreateCheckoutSessionResponse {
  success: boolean;
  url?: string;
  message?: string;
}

export type IntentStatusValue =
  | 'succeeded'
  | 'processing'
  | 'requires_payment_method'
  | 'requires_confirmation'
  | 'requires_action'
  | 'requires_capture'
  | 'canceled';

export interface IntentStatusResponse {
  success: true;
  id: string;
  status: IntentStatusValue;
  /** Pence. */
  amount: number;
  currency: string;
}

export interface ReferralValidationResponse {
  success: boolean;
  valid: boolean;
  message: string;
  code?: { discountPercent: number };
}

/** The label the spec sends as metadata.service_name for a payment without a service. */
export const CUSTOM_PAYMENT_LABEL = 'Custom Payment';

export const paymentsConfigQuery = {
  queryKey: ['/api/payments/config'],
  queryFn: () => getJson<PaymentsConfigResponse>('/api/payments/config'),
} as const;

export const serviceQuery = (serviceId: number) =>
  ({
    queryKey: ['/api/services', serviceId],
    queryFn: () => getJson<ServiceResponse>(`/api/services/${serviceId}`),
  }) as const;

export const createPaymentIntent = (body: CreatePaymentIntentRequest) =>
  postJson<CreatePaymentIntentResponse>('/api/create-payment-intent', body);

export const createCheckoutSession = (body: CreateCheckoutSessionRequest) =>
  postJson<CreateCheckoutSessionResponse>('/api/create-checkout-session', body);

export const validateReferralCode = (code: string) =>
  postJson<ReferralValidationResponse>('/api/referral/validate', { code });

/** The outcome of a PaymentIntent, asked of the server (which holds the secret key). */
/** The server answers only with the intent's client secret, which Stripe put in the return URL. */
export const intentStatus = (paymentIntentId: string, clientSecret: string) =>
  getJson<IntentStatusResponse>(
    `/api/payments/intent-status?payment_intent=${encodeURIComponent(paymentIntentId)}&payment_intent_client_secret=${encodeURIComponent(clientSecret)}`,
  );

/** True when a payment call failed only because the studio has not set up card payments. */
export function isNotConfiguredError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 503 && error.body?.code === 'PAYMENTS_NOT_CONFIGURED';
}

/**
 * Where bookings questions go: the address the site settings publish, when they publish one
 * (the public settings carry no address yet), else bookings@ the site's own domain.
 */
export async function readBookingsEmail(): Promise<string> {
  try {
    const res = await getJson<{ settings?: Record<string, unknown> }>('/api/settings');
    const settings = res?.settings ?? {};
    for (const key of ['bookingsEmail', 'contactEmail', 'adminNotifyEmail', 'adminEmail']) {
      const value = settings[key];
      if (typeof value === 'string' && /^[^\s@]+@[^\s@]+$/.test(value.trim())) return value.trim();
    }
  } catch {
    // The page still needs an address to show: fall through to the default.
  }
  return defaultBookingsEmail();
}

export function defaultBookingsEmail(): string {
  const host = typeof window === 'undefined' ? '' : window.location.hostname.replace(/^www\./, '');
  // A bare IP address or a single-label name is no mail domain (development machines).
  const mailDomain = host.includes('.') && !/^[\d.]+$/.test(host) && !host.includes(':');
  return `bookings@${mailDomain ? host : 'localhost'}`;
}

export const bookingsEmailQuery = {
  queryKey: ['payments', 'bookings-email'],
  queryFn: readBookingsEmail,
} as const;
