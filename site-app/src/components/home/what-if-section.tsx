import { HomeSection } from './home-section';

/** Nine reasons to dream a little, each finishing the words WHAT IF (spec §2). */
const WHAT_IFS = [
  'this is the song that gets you signed?',
  'your next release lands on the playlist you have been chasing?',
  'your mix sounds as big as the records you grew up on?',
  'a label hears your demo and calls back the same week?',
  'your vocals finally sit right on top of the beat?',
  'your track sounds just as good in the club, the car and cheap earbuds?',
  'your fans play your song on repeat and bring their friends?',
  'you spent less time fixing your mix and more time writing the next one?',
  'all it takes to find out is one free mix?',
];

export function WhatIfSection() {
  return (
    <HomeSection
      id="what-if"
      title="What If…"
      lead="Every big record started as a demo somebody believed in."
      alt
    >
      <ul className="what-if-grid">
        {WHAT_IFS.map((text) => (
          <li key={text} className="what-if-card">
            <p>
              <strong className="what-if-card__lead">WHAT IF</strong> {text}
            </p>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
