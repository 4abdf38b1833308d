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
