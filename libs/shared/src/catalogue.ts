/**
 * Labels of what visitors can ask about. Prices are not here: the `production_services` rows in
 * PostgreSQL are the catalogue's one source, read through GET /api/services (see back-office.ts).
 */

/** Services a contact message can be about (spec §3), with their form labels. */
export const CONTACT_SERVICES = [
  { value: 'free-mix', label: 'Free Mix' },
  { value: 'mix', label: 'Mix' },
  { value: 'master', label: 'Master' },
  { value: 'mix-master', label: 'Mix & Master' },
  { value: 'bulk-deal', label: 'Bulk Deal' },
] as const;
export type ContactService = (typeof CONTACT_SERVICES)[number]['value'];
export const CONTACT_SERVICE_VALUES: readonly string[] = CONTACT_SERVICES.map((s) => s.value);

/** The V2 test form's choices (spec §2). */
export const CONTACT_V2_SERVICES = ['mix', 'master', 'mix-master', 'production'] as const;

/**
 * The launch plans' names and keys: labels only, for rules keyed by plan (the revision rounds a
 * project includes). Prices are not here: they live in `production_services`.
 */
const PLAN_KEYS_BY_NAME: Readonly<Record<string, string>> = {
  Mix: 'mix',
  'Mix & Master': 'mix-master',
  Master: 'master',
  '5 Songs Mix & Master': 'bulk',
};

export function findPlanByName(name: string): { id: string; name: string } | undefined {
  const id = PLAN_KEYS_BY_NAME[name];
  return id ? { id, name } : undefined;
}

const EXTRA_SERVICE_LABELS: Record<string, string> = { production: 'Production' };

/** How a contact form value reads ('mix-master' -> 'Mix & Master'); undefined when unknown. */
export function serviceLabel(value: string): string | undefined {
  return CONTACT_SERVICES.find((s) => s.value === value)?.label ?? EXTRA_SERVICE_LABELS[value];
}

/**
 * What a catalogue service's `type` (a slug such as 'mixing-mastering') reads as. Staff pick one
 * of these; a type written some other way before keeps showing as written.
 */
export const SERVICE_TYPES = [
  { value: 'mixing', label: 'Mixing' },
  { value: 'mastering', label: 'Mastering' },
  { value: 'mixing-mastering', label: 'Mixing & mastering' },
  { value: 'bulk-mixing-mastering', label: 'Bulk mixing & mastering' },
  { value: 'production', label: 'Production' },
] as const;

/** 'mixing-mastering' -> 'Mixing & mastering'; an unknown type is made readable ('vocal-tuning' -> 'Vocal tuning'). */
export function serviceTypeLabel(type: string): string {
  const known = SERVICE_TYPES.find((t) => t.value === type)?.label;
  if (known) return known;
  const words = type.replace(/[-_]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : type;
}
