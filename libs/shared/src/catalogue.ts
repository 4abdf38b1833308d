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
