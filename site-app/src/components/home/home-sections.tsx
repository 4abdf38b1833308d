import { startTransition, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { servicesQuery } from '../../api/site-api';
import { homeSectionsPrerendered } from '../../hooks/prerendered';
import { scrollToSection, type ScrollToState } from '../../hooks/scroll-to-section';
import { AboutSection } from './about-section';
import { FreeMixBand } from './free-mix-band';
import { NewsletterSection } from './newsletter-section';
import { PortfolioSection } from './portfolio-section';
import { PricingSection } from './pricing-section';
import { ServicesSection } from './services-section';
import { TestimonialsSection } from './testimonials-section';
import { WhatIfSection } from './what-if-section';
import '../ui/ui.css';
import './home.css';

/**
 * Scrolls to a section handed over by /section/{name} or /services, or named in the URL hash,
 * once `ready` (every section is in place).
 */
function useScrollToRequestedSection(ready: boolean): void {
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = (location.state as ScrollToState | null)?.scrollTo;
  const requested = handedOver ?? location.hash.slice(1);

  useEffect(() => {
    if (!requested || !ready) return;
    // After this paint, so the layout has settled.
    const frame = requestAnimationFrame(() => {
      scrollToSection(decodeURIComponent(requested));
      // Forget the request so a reload or Back does not scroll again.
      if (handedOver) navigate(location.pathname + location.hash, { replace: true, state: null });
    });
    return () => cancelAnimationFrame(frame);
  }, [requested, ready, handedOver, location.pathname, location.hash, navigate]);
}

/** In page order (spec §2), with the free-first-mix band after the services. */
const SECTIONS: ComponentType[] = [
  PricingSection,
  WhatIfSection,
  ServicesSection,
  FreeMixBand,
  AboutSection,
  PortfolioSection,
  TestimonialsSection,
  NewsletterSection,
];

/**
 * How many sections to show: one more per task, so adding them never blocks a tap for long;
 * all of them when `all` is set.
 */
function useProgressiveCount(total: number, all: boolean): number {
  const [count, setCount] = useState(1);
  useEffect(() => {
    if (all || count >= total) return;
    const timer = setTimeout(() => startTransition(() => setCount((c) => c + 1)), 0);
    return () => clearTimeout(timer);
  }, [count, total, all]);
  return all ? total : Math.min(count, total);
}

/** The anchored sections of the home page, in the order of spec §2. */
export default function HomeSections() {
  const location = useLocation();
  const wantsSection = Boolean(
    (location.state as ScrollToState | null)?.scrollTo || location.hash.length > 1,
  );
  // Asked for a section: show them all at once, so it is already in its final place. Likewise
  // when they are in the prerendered HTML.
  const [showAll, setShowAll] = useState(() => wantsSection || homeSectionsPrerendered());
  if (wantsSection && !showAll) setShowAll(true);
  const shown = useProgressiveCount(SECTIONS.length, showAll);
  const allShown = shown === SECTIONS.length;
  // The pricing cards fill in when the catalogue arrives (their height changes), so a requested
  // section is scrolled to once that list has settled (the same query the cards read).
  const prices = useQuery(servicesQuery);
  useScrollToRequestedSection(allShown && !prices.isPending);

  return (
    <>
      {SECTIONS.slice(0, shown).map((Section, i) => (
        <Section key={i} />
      ))}
      {/* Keeps the footer below the fold until every section is in. */}
      {!allShown && <div className="home-sections-placeholder" />}
    </>
  );
}
