/**
 * The contact form's rules (spec §5) and the `service` query parameter (spec §2), kept free of
 * React so they are unit tested on their own. The server checks the same limits.
 */
import {
  CONTACT_MESSAGES,
  CONTACT_SERVICES,
  LIMITS,
  serviceLabel,
  type ContactService,
} from '@studio/shared';

export { CONTACT_MESSAGES, serviceLabel };

export type ContactField = 'name' | 'email' | 'service' | 'message';
export type ContactValues = Record<ContactField, string>;
export type ContactErrors = Partial<Record<ContactField, string>>;

const L = LIMITS.contact;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Field errors for the values (trimmed first); an empty object when the form may be sent. */
export function validateContact(
  values: ContactValues,
  allowedServices: readonly string[] = CONTACT_SERVICES.map((s) => s.value),
): ContactErrors {
  const errors: ContactErrors = {};
  const name = values.name.trim();
  const email = values.email.trim();
  const message = values.message.trim();
  if (name.length < L.nameMin || name.length > L.nameMax) errors.name = CONTACT_MESSAGES.name;
  if (email.length < L.emailMin || email.length > L.emailMax || !EMAIL_PATTERN.test(email)) {
    errors.email = CONTACT_MESSAGES.email;
  }
  if (!allowedServices.includes(values.service)) errors.service = CONTACT_MESSAGES.service;
  if (message.length < L.messageMin || message.length > L.messageMax)
    errors.message = CONTACT_MESSAGES.message;
  return errors;
}

export interface RequestedService {
  /** The form value the selector is locked to. */
  value: ContactService;
  /** How the visitor's choice reads in the prefilled message and when matching a bookable service. */
  name: string;
}

const normalise = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Reads the `service` query parameter: a form value ('mix-master'), a label ('Mix & Master') or
 * the name of a bulk plan from the catalogue (`plans`, from GET /api/services), read as the bulk
 * deal. Unknown values are ignored.
 */
export function resolveRequestedService(
  param: string | null | undefined,
  plans: readonly { name: string; isBulkDeal: boolean }[] = [],
): RequestedService | null {
  if (!param?.trim()) return null;
  const wanted = normalise(param);
  const byValueOrLabel = CONTACT_SERVICES.find((s) => s.value === wanted || normalise(s.label) === wanted);
  if (byValueOrLabel) return { value: byValueOrLabel.value, name: byValueOrLabel.label };
  const plan = plans.find((p) => normalise(p.name) === wanted);
  if (plan?.isBulkDeal) return { value: 'bulk-deal', name: plan.name };
  return null;
}

/** The message the form starts with when a service was asked for (spec §2). */
export function prefilledMessage(serviceName: string): string {
  return `I'm interested in the ${serviceName} service. Please let me know the next steps.`;
}

/** The bookable service whose name matches the visitor's choice (spec §4), if any. */
export function matchBookableService<T extends { name: string }>(
  services: readonly T[],
  name: string,
): T | undefined {
  const wanted = normalise(name);
  return services.find((s) => normalise(s.name) === wanted);
}
