import { DELIVERY } from '@studio/shared';

const POINTS = [
  {
    title: 'Your first mix is free',
    text: 'New customers send one song and hear what we can do before paying a penny.',
  },
  {
    title: 'You keep every right',
    text: 'You keep 100% of your rights and royalties. We never claim a share.',
  },
  {
    title: `Back in ${DELIVERY.businessDays} business days`,
    text: 'Delivery counts from the day your project is confirmed, not from when we get round to it.',
  },
  {
    title: 'No hidden fees',
    text: 'The price you see is the price you pay. Fees may vary only with project size and complexity, and we agree them first.',
  },
];

/** The short pitch between the hero and the pricing. */
export function Intro() {
  return (
    <section id="intro" className="intro" aria-labelledby="intro-heading">
      <div className="container">
        <h2 id="intro-heading" className="intro__title">
          Mixing and mastering, without the guesswork
        </h2>
        <p className="intro__lead">
          Every project is mixed in a professional audio workstation, checked on studio monitors, headphones
          and phone speakers, and delivered as files ready for streaming, radio and the club.
        </p>
        <ul className="intro__points">
          {POINTS.map((p) => (
            <li key={p.title} className="intro__point">
              <h3 className="intro__point-title">{p.title}</h3>
              <p>{p.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
