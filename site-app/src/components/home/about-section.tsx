import producerImage from '../../../public/images/producer.svg';
import { HomeSection } from './home-section';

/**
 * Where the producer's badges point. The studio sets these to the college's course page and the
 * executive's own social profile.
 */
const PRODUCER_LINKS = [
  { label: 'BA (Hons) Music Production, London', href: 'https://www.ucas.com/' },
  { label: 'Mentored by a music industry executive', href: 'https://www.instagram.com/' },
];

export function AboutSection() {
  return (
    <HomeSection id="about" title="About the Producer" alt>
      <div className="about">
        <div className="about__text">
          <p>
            I am a mixing and mastering engineer and producer working with independent artists and record
            labels from my studio in London. I am studying for a BA (Hons) in music production at a London
            college, and I learned the business side of records from a well-known music executive, who taught
            me that a great mix is the one that serves the song.
          </p>
          <p>
            Every project gets my full attention in a professional audio workstation, with honest feedback and
            clear communication from the first message to the final master. You keep all of your rights and
            royalties, always.
          </p>
          <ul className="about__badges" aria-label="Training and mentoring">
            {PRODUCER_LINKS.map((link) => (
              <li key={link.label}>
                <a className="badge-link" href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                  <span className="visually-hidden"> (opens in a new tab)</span>
                  <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
                    <path
                      d="M6 3h7v7M13 3L5 11M11 13H3V5"
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="1.75"
                      strokeLinecap="round"
                      strokeLinejoin="round"
                    />
                  </svg>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <img
          className="about__image"
          src={producerImage}
          width={480}
          height={480}
          alt="Illustration of the producer at work, wearing headphones at a laptop"
          loading="lazy"
          decoding="async"
        />
      </div>
    </HomeSection>
  );
}
