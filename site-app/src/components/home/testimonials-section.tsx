import { HomeSection } from './home-section';

interface Testimonial {
  name: string;
  role: 'Independent Artist' | 'Record Label';
  quote: string;
  /** 1 to 5. */
  rating: number;
}

const TESTIMONIALS: Testimonial[] = [
  {
    name: 'Maya R.',
    role: 'Independent Artist',
    quote:
      'I sent a bedroom demo and got back something I could put next to anything on the radio. The free mix sold me, and I have booked every single since.',
    rating: 5,
  },
  {
    name: 'Northbound Records',
    role: 'Record Label',
    quote:
      'Fast, consistent and easy to work with. Our artists get clear notes, mixes arrive on time, and the masters hold up on every platform.',
    rating: 5,
  },
];

const MAX_STARS = 5;

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={`Rated ${rating} out of ${MAX_STARS}`}>
      {Array.from({ length: MAX_STARS }, (_, i) => (
        <svg
          key={i}
          className={i < rating ? 'stars__star is-on' : 'stars__star'}
          viewBox="0 0 20 20"
          width="20"
          height="20"
          aria-hidden="true"
          focusable="false"
        >
          <path
            d="M10 1.5l2.6 5.4 5.9.8-4.3 4.1 1 5.8L10 14.8l-5.2 2.8 1-5.8L1.5 7.7l5.9-.8z"
            fill="currentColor"
          />
        </svg>
      ))}
    </p>
  );
}

export function TestimonialsSection() {
  return (
    <HomeSection id="testimonials" title="Testimonials" alt>
      <ul className="testimonials-grid">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="testimonial">
              <Stars rating={t.rating} />
              <blockquote className="testimonial__quote">
                <p>{t.quote}</p>
              </blockquote>
              <figcaption className="testimonial__author">
                <strong>{t.name}</strong>
                <span>{t.role}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </HomeSection>
  );
}
