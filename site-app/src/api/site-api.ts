/**
 * The public site's calls for the home page, contact, account and the developer pages (spec §7),
 * with the response shapes they read. Errors follow the shared client: a non-OK status throws
 * ApiError("{status}: {body}"), a failed connection throws the browser's TypeError.
 */
import {
  getJson,
  postJson,
  type ReferralCodeDto,
  type ServiceListItem,
  type ReferralListEntry,
} from '@studio/shared';

export interface SubscribeResponse {
  success: boolean;
  message?: string;
  /** Double opt-in: 'confirmation-sent' until the visitor follows the link mailed to them. */
  status?: 'confirmation-sent' | 'already-subscribed';
}

export interface ReferralGenerateResponse {
  success: boolean;
  message?: string;
  referralCode?: ReferralCodeDto;
}

export interface ReferralListResponse {
  success: boolean;
  referralCodes: ReferralListEntry[];
}

export interface ContactRequest {
  name: string;
  email: string;
  service: string;
  message: string;
  /** Honeypot: always empty when a person fills in the form. */
  website?: string;
}

export interface ContactResponse {
  success: boolean;
  message?: string;
  emailStatus?: {
    /** V1: a boolean; V2: an object with `success`. */
    customerThankYou?: boolean | { success: boolean };
    adminNotification?: { success: boolean; messageId?: string | null };
  };
}

/** One entry of GET /api/services (price in pence): the catalogue is the one source of prices. */
export type { ServiceListItem };

export interface ServicesResponse {
  success: boolean;
  services: ServiceListItem[];
}

/** What the email test endpoints answer; the pages show it raw. */
export interface EmailTestResponse {
  success: boolean;
  message?: string;
  error?: string;
  recipient?: string;
  timestamp?: string;
  [key: string]: unknown;
}

export const NEWSLETTER_SUBSCRIBERS_QUERY_KEY = ['/api/newsletter/subscribers'] as const;

export const subscribeToNewsletter = (email: string) =>
  postJson<SubscribeResponse>('/api/newsletter/subscribe', { email });

export const generateReferralCode = (email: string) =>
  postJson<ReferralGenerateResponse>('/api/referral/generate', { email });

export const listReferralCodes = (email: string) =>
  getJson<ReferralListResponse>(`/api/referral/list?email=${encodeURIComponent(email)}`);

export const sendContact = (body: ContactRequest) => postJson<ContactResponse>('/api/contact', body);

export const sendContactV2 = (body: ContactRequest) => postJson<ContactResponse>('/api/contact-v2', body);

/** The services list: the one read the spec retries once (§7). */
export const servicesQuery = {
  queryKey: ['/api/services'],
  queryFn: () => getJson<ServicesResponse>('/api/services'),
  retry: 1,
} as const;

export const sendAdminTestEmail = (body: {
  timestamp: string;
  extraInfo: string;
  subject?: string;
  message?: string;
}) => postJson<EmailTestResponse>('/api/debug-email', body);

export const sendCustomerTestEmail = (email: string) =>
  postJson<EmailTestResponse>('/api/debug-customer-email', { email });

export const sendDeliveryTestEmail = (body: {
  email: string;
  provider: 'microsoft' | 'other';
  name: string;
  service: string;
}) => postJson<EmailTestResponse>('/api/test-email-delivery', body);

/** Did the customer's thank-you mail go out? V1 answers a boolean, V2 an object. */
export function customerThankYouSent(res: ContactResponse): boolean {
  const status = res.emailStatus?.customerThankYou;
  return typeof status === 'object' && status !== null ? Boolean(status.success) : Boolean(status);
}
