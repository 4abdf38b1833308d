import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { Hero } from '../components/home/hero';
import { Intro } from '../components/home/intro';
import { homeSectionsPrerendered } from '../hooks/prerendered';
import { usePageTitle } from '../hooks/use-page-title';
import '../components/home/hero.css';

// Everything below the first screen comes in its own chunk, asked for once the hero is on
// screen.
const HomeSections = lazy(
  () => import(/* webpackChunkName: "home-sections" */ '../components/home/home-sections'),
);

/** Longest a browser without paint timing waits before loading the rest of the page. */
const FALLBACK_DELAY_MS = 1000;

/**
 * True once the first screen has been painted (the browser's first largest-contentful-paint
 * entry), so the rest of the home page never competes with the hero for the network. Set in a
 * transition: React renders the sections in small slices, not one long task.
 */
function useFirstScreenPainted(): boolean {
  const [painted, setPainted] = useState(homeSectionsPrerendered);
  useEffect(() => {
    if (painted) return;
    let done = false;
    const fire = () => {
      if (done) return;
      done = true;
      startTransition(() => setPainted(true));
    };
    const timer = setTimeout(fire, FALLBACK_DELAY_MS);
    let observer: PerformanceObserver | undefined;
    if (
      typeof PerformanceObserver !== 'undefined' &&
      PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')
    ) {
      observer = new PerformanceObserver(fire);
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(fire, 0));
    }
    return () => {
      done = true;
      clearTimeout(timer);
      observer?.disconnect();
    };
    // Runs once: `painted` only ever turns true.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return painted;
}

/** The home page (spec §2): hero, intro, then the anchored sections. */
export default function HomePage() {
  usePageTitle();
  const painted = useFirstScreenPainted();
  // Reserves the sections' room so the footer does not jump up and back down.
  const placeholder = <div className="home-sections-placeholder" />;
  return (
    <>
      <Hero />
      <Intro />
      {painted ? (
        <Suspense fallback={placeholder}>
          <HomeSections />
        </Suspense>
      ) : (
        placeholder
      )}
    </>
  );
}
