import { LAYOUT } from '@studio/shared';

/** Scrolls so the element with this id sits just below the sticky header. Returns false if absent. */
export function scrollToSection(id: string): boolean {
  const el = document.getElementById(id);
  if (!el) return false;
  const top = el.getBoundingClientRect().top + window.scrollY - LAYOUT.sectionScrollOffsetPx;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: Math.max(0, top), behavior: reduceMotion ? 'auto' : 'smooth' });
  return true;
}

/** Router state the /section/:section and /services redirects hand to the home page. */
export interface ScrollToState {
  scrollTo?: string;
}
