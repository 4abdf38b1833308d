import { Link } from 'react-router-dom';
import { DELIVERY } from '@studio/shared';
import studioImage from '../../../public/images/studio.svg';
import { Equaliser } from './equaliser';

const TICKS = ['100% Rights Retained', `${DELIVERY.businessDays}-Day Delivery`, 'No Hidden Fees'];
const SERVICES = ['Mixing', 'Mastering', 'Vocal Production', 'Audio Restoration'];

/** The first screen of the home page (spec §2): the page's h1 and its two ways in. */
export function Hero() {
  return (
    <section id="hero" className="hero" aria-labelledby="hero-heading">
      <div className="container hero__inner">
        <div className="hero__copy">
          <p className="hero__badge">What If My Mix Gets You Signed?</p>
          <h1 id="hero-heading" className="hero__title">
            Professional audio engineering that makes your music <span className="accent">stand out</span>
          </h1>
          <p className="hero__lead">
            Radio-ready mixes and masters for independent artists and record labels, made by a producer who
            cares about your song as much as you do.
          </p>
          <ul className="hero__ticks" aria-label="What every project includes">
            {TICKS.map((tick) => (
              <li key={tick}>{tick}</li>
            ))}
          </ul>
          <ul className="hero__services" aria-label="Services">
            {SERVICES.map((service) => (
              <li key={service}>{service}</li>
            ))}
          </ul>
          <div className="hero__actions">
            <Link to="/contact" className="btn btn--primary btn--lg">
              Get Your Free Mix*
            </Link>
            <Link
              to={`/contact?service=${encodeURIComponent('Mix & Master')}`}
              className="btn btn--outline btn--lg"
            >
              Book Mix &amp; Master
            </Link>
          </div>
          <p className="hero__note">*New customers only</p>
        </div>
        <div className="hero__visual">
          <img
            className="hero__image"
            src={studioImage}
            width={560}
            height={384}
            alt="A mixing studio with monitor speakers, a waveform on screen and a mixing desk"
            decoding="async"
          />
          <Equaliser />
        </div>
      </div>
    </section>
  );
}
