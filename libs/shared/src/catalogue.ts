/**
 * The studio's price list. The backend seeds `production_services` from these values and the
 * pages render them; nothing else may hold a second copy of a price.
 */
export interface PricingPlan {
  id: string;
  /** Exactly the `production_services.name` the checkout looks up. */
  name: string;
  pricePence: number;
  /** What a customer saves against buying the parts separately, if anything. */
  savePence?: number;
  badge?: 'POPULAR' | 'BEST VALUE';
  revisions: string;
  description: string;
  features: string[];
  isBulkDeal: boolean;
  serviceType: string;
}

export const PRICING_PLANS: readonly PricingPlan[] = [
  {
    id: 'mix',
    name: 'Mix',
    pricePence: 6000,
    revisions: '2 revisions',
    description: 'A full professional mix of one song, balanced and ready for mastering.',
    features: ['Up to 40 stems', 'Vocal tuning and timing', 'Creative effects and automation', '2 revisions'],
    isBulkDeal: false,
    serviceType: 'mixing',
  },
  {
    id: 'mix-master',
    name: 'Mix & Master',
    pricePence: 8000,
    savePence: 2000,
    badge: 'POPULAR',
    revisions: '3 revisions',
    description: 'Mixing and mastering of one song, from raw stems to a release-ready master.',
    features: [
      'Everything in Mix',
      'Streaming-ready master',
      'Loudness matched to your references',
      '3 revisions',
    ],
    isBulkDeal: false,
    serviceType: 'mixing-mastering',
  },
  {
    id: 'master',
    name: 'Master',
    pricePence: 4000,
    revisions: '1 revision',
    description: 'Mastering of one finished mix for streaming, radio and club play.',
    features: ['Loudness for streaming platforms', 'Stereo enhancement', 'EQ and dynamics', '1 revision'],
    isBulkDeal: false,
    serviceType: 'mastering',
  },
  {
    id: 'bulk',
    name: '5 Songs Mix & Master',
    pricePence: 30000,
    savePence: 10000,
    badge: 'BEST VALUE',
    revisions: '3 revisions per song',
    description: 'Five songs mixed and mastered as one coherent EP or project.',
    features: [
      '5 songs mixed and mastered',
      'Consistent sound across the project',
      'Priority scheduling',
      '3 revisions per song',
    ],
    isBulkDeal: true,
    serviceType: 'bulk-mixing-mastering',
  },
] as const;

/** The three cards of the home page's pricing section (the bulk deal lives on /services-checkout). */
export const HOME_PRICING_PLAN_IDS = ['mix', 'mix-master', 'master'] as const;

export function findPlanByName(name: string): PricingPlan | undefined {
  return PRICING_PLANS.find((p) => p.name === name);
}

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

const EXTRA_SERVICE_LABELS: Record<string, string> = { production: 'Production' };

/** How a contact form value reads ('mix-master' -> 'Mix & Master'); undefined when unknown. */
export function serviceLabel(value: string): string | undefined {
  return CONTACT_SERVICES.find((s) => s.value === value)?.label ?? EXTRA_SERVICE_LABELS[value];
}
