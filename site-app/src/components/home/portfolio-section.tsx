import { PORTFOLIO_EXCERPT_MAX_SECONDS } from '@studio/shared';
import dubbiMp3 from '../../../public/audio/dubbi.mp3';
import dubbiWav from '../../../public/audio/dubbi.wav';
import greatMysteryMp3 from '../../../public/audio/great-mystery.mp3';
import greatMysteryWav from '../../../public/audio/great-mystery.wav';
import makeYouSmileMp3 from '../../../public/audio/make-you-smile.mp3';
import makeYouSmileWav from '../../../public/audio/make-you-smile.wav';
import prosperityMp3 from '../../../public/audio/prosperity.mp3';
import prosperityWav from '../../../public/audio/prosperity.wav';
import sunIsOutMp3 from '../../../public/audio/sun-is-out.mp3';
import sunIsOutWav from '../../../public/audio/sun-is-out.wav';
import { HomeSection } from './home-section';

/** A portfolio track (spec §3). */
export interface PortfolioTrack {
  id: string;
  title: string;
  description: string;
  services: string[];
  mp3Src: string;
  wavSrc: string;
}

export const PORTFOLIO_TRACKS: PortfolioTrack[] = [
  {
    id: 'sun-is-out',
    title: 'Sun Is Out',
    description: 'A bright, bouncy summer record built from the beat up.',
    services: ['Beat production', 'Vocal recording', 'Mixing', 'Mastering'],
    mp3Src: sunIsOutMp3,
    wavSrc: sunIsOutWav,
  },
  {
    id: 'dubbi',
    title: 'Dubbi',
    description: 'Deep dub bass, off-beat chords and plenty of space.',
    services: ['Beat production', 'Mix & master'],
    mp3Src: dubbiMp3,
    wavSrc: dubbiWav,
  },
  {
    id: 'make-you-smile',
    title: 'Make You Smile',
    description: 'Warm R&B keys with the vocal right at the front.',
    services: ['Vocal recording', 'Mixing', 'Mastering'],
    mp3Src: makeYouSmileMp3,
    wavSrc: makeYouSmileWav,
  },
  {
    id: 'great-mystery',
    title: 'Great Mystery',
    description: 'Dark minor pads and a slow, hypnotic arpeggio.',
    services: ['Beat production'],
    mp3Src: greatMysteryMp3,
    wavSrc: greatMysteryWav,
  },
  {
    id: 'prosperity',
    title: 'Prosperity',
    description: 'A half-time beat with rolling hats and a heavy low end.',
    services: ['Beat production'],
    mp3Src: prosperityMp3,
    wavSrc: prosperityWav,
  },
];

export function PortfolioSection() {
  return (
    <HomeSection
      id="portfolio"
      title="Portfolio"
      lead={`Listen to recent work. Excerpts are up to ${PORTFOLIO_EXCERPT_MAX_SECONDS} seconds long.`}
    >
      <ul className="portfolio-grid">
        {PORTFOLIO_TRACKS.map((track) => (
          <li key={track.id} className="track-card">
            <h3 id={`track-${track.id}`} className="track-card__title">
              {track.title}
            </h3>
            <p className="track-card__description">{track.description}</p>
            {/* Music previews: nothing spoken to caption; the card's text describes each track. */}
            {/* eslint-disable-next-line jsx-a11y/media-has-caption */}
            <audio
              className="track-card__player"
              controls
              preload="none"
              aria-labelledby={`track-${track.id}`}
            >
              <source src={track.mp3Src} type="audio/mpeg" />
              <source src={track.wavSrc} type="audio/wav" />
              Your browser cannot play this audio.
            </audio>
            <p className="track-card__services-label">Services</p>
            <ul className="track-card__services" aria-label={`Services on ${track.title}`}>
              {track.services.map((s) => (
                <li key={s}>{s}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
