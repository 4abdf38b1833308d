import { useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { DELIVERY, HOME_SECTIONS } from '@studio/shared';
import { scrollToSection, type ScrollToState } from '../hooks/scroll-to-section';
import { usePageTitle } from '../hooks/use-page-title';
import type { HomeSection } from '../components/nav-items';

const SECTION_HEADINGS: Record<HomeSection, string> = {
  pricing: 'Pricing',
  'what-if': 'What If…',
  services: 'Services',
  about: 'About the Producer',
  portfolio: 'Portfolio',
  testimonials: 'Testimonials',
  newsletter: 'Newsletter',
};

const HERO_TICKS = ['100% Rights Retained', `${DELIVERY.businessDays}-Day Delivery`, 'No Hidden Fees'];

/** Scrolls to a section handed over by /section/{name} or /services, or named in the URL hash. */
function useScrollToRequestedSection() {
  const location = useLocation();
  const navigate = useNavigate();
  const requested = (location.state as ScrollToState | null)?.scrollTo ?? location.hash.slice(1);

  useEffect(() => {
    if (!requested) return;
    const handedOver = Boolean((location.state as ScrollToState | null)?.scrollTo);
    // After this paint, so the section exists and the layout has settled.
    const frame = requestAnimationFrame(() => {
      scrollToSection(decodeURIComponent(requested));
      // Forget the request so a reload or Back does not scroll again.
      if (handedOver) navigate(location.pathname + location.hash, { replace: true, state: null });
    });
    return () => cancelAnimationFrame(frame);
  }, [requested, location.state, location.pathname, location.hash, navigate]);
}

export default function HomePage() {
  usePageTitle();
  useScrollToRequestedSection();

  return (
    <>
      <section className="hero">
        <div className="container hero__inner">
          <p className="hero__badge">What If My Mix Gets You Signed?</p>
          <h1 className="hero__title">
            Professional audio engineering that makes your music <span className="accent">stand out</span>
          </h1>
          <p className="hero__lead">
            Online mixing, mastering, vocal production and audio restoration for artists and labels.
          </p>
          <ul className="hero__ticks">
            {HERO_TICKS.map((tick) => (
              <li key={tick}>{tick}</li>
            ))}
          </ul>
          <div className="hero__actions">
            <Link to="/contact" className="btn btn--primary btn--lg">
              Get Your Free Mix*
            </Link>
            <Link to="/contact" className="btn btn--outline btn--lg">
              Start Your Free Mix
            </Link>
          </div>
          <p className="hero__note">*New customers only</p>
        </div>
      </section>

      {HOME_SECTIONS.map((id) => (
        <section key={id} id={id} className="home-section" aria-labelledby={`${id}-heading`}>
          <div className="container">
            <h2 id={`${id}-heading`} className="home-section__title">
              {SECTION_HEADINGS[id]}
            </h2>
          </div>
        </section>
      ))}
    </>
  );
}
