import { lazy, Suspense } from 'react';
import { Hero } from '../components/home/hero';
import { Intro } from '../components/home/intro';
import { usePageTitle } from '../hooks/use-page-title';
import '../components/home/hero.css';

// Everything below the first screen comes in its own chunk, requested as the hero paints, so
// the phone's first paint waits only for the hero.
const HomeSections = lazy(
  () => import(/* webpackChunkName: "home-sections" */ '../components/home/home-sections'),
);

/** The home page (spec §2): hero, intro, then the anchored sections. */
export default function HomePage() {
  usePageTitle();
  return (
    <>
      <Hero />
      <Intro />
      {/* Reserves the sections' room so the footer does not jump up and back down. */}
      <Suspense fallback={<div className="home-sections-placeholder" />}>
        <HomeSections />
      </Suspense>
    </>
  );
}
