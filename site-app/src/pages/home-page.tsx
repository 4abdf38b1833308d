import { lazy, Suspense, useEffect, useState } from 'react';
import { Hero } from '../components/home/hero';
import { Intro } from '../components/home/intro';
import { usePageTitle } from '../hooks/use-page-title';
import '../components/home/hero.css';

// Everything below the first screen comes in its own chunk, asked for once the hero is on
// screen, so a phone's first paint waits for nothing but the hero.
const HomeSections = lazy(
  () => import(/* webpackChunkName: "home-sections" */ '../components/home/home-sections'),
);

/** True from the frame after the first paint. */
function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}

/** The home page (spec §2): hero, intro, then the anchored sections. */
export default function HomePage() {
  usePageTitle();
  const painted = usePainted();
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
