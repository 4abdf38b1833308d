import { Link } from 'react-router-dom';

/** The free-first-mix call to action between the services and the producer's story. */
export function FreeMixBand() {
  return (
    <section id="free-mix" className="free-mix-band" aria-labelledby="free-mix-heading">
      <div className="container free-mix-band__inner">
        <div>
          <h2 id="free-mix-heading" className="free-mix-band__title">
            Your first mix is on us
          </h2>
          <p className="free-mix-band__text">
            New to the studio? Send one song and get a full professional mix back, free. If you love it, we
            carry on together. If not, it cost you nothing.
          </p>
        </div>
        <div className="free-mix-band__action">
          <Link to="/contact" className="btn btn--primary btn--lg">
            Start Your Free Mix
          </Link>
          <p className="free-mix-band__note">New customers only</p>
        </div>
      </div>
    </section>
  );
}
