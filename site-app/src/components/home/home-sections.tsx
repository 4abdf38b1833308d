import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
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
 * Scrolls to a section handed over by /section/{name} or /services, or named in the URL hash.
 * Runs here, where the sections exist, so it never looks for them before they have loaded.
 */
function useScrollToRequestedSection() {
  const location = useLocation();
  const navigate = useNavigate();
  const handedOver = (location.state as ScrollToState | null)?.scrollTo;
  const requested = handedOver ?? location.hash.slice(1);

  useEffect(() => {
    if (!requested) return;
    // After this paint, so the layout has settled.
    const frame = requestAnimationFrame(() => {
      scrollToSection(decodeURIComponent(requested));
      // Forget the request so a reload or Back does not scroll again.
      if (handedOver) navigate(location.pathname + location.hash, { replace: true, state: null });
    });
    return () => cancelAnimationFrame(frame);
  }, [requested, handedOver, location.pathname, location.hash, navigate]);
}

/** The anchored sections of the home page, in the order of spec §2. */
export default function HomeSections() {
  useScrollToRequestedSection();
  return (
    <>
      <PricingSection />
      <WhatIfSection />
      <ServicesSection />
      <FreeMixBand />
      <AboutSection />
      <PortfolioSection />
      <TestimonialsSection />
      <NewsletterSection />
    </>
  );
}
