import type { HOME_SECTIONS } from '@studio/shared';

export type HomeSection = (typeof HOME_SECTIONS)[number];

export type NavItem = { label: string; section: HomeSection } | { label: string; to: string };

/** The header's links, in the order of spec §2. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Pricing', section: 'pricing' },
  { label: 'What If', section: 'what-if' },
  { label: 'Services', section: 'services' },
  { label: 'About', section: 'about' },
  { label: 'Portfolio', section: 'portfolio' },
  { label: 'Testimonials', section: 'testimonials' },
  { label: 'Blog', to: '/blog' },
  { label: 'Newsletter', section: 'newsletter' },
];
