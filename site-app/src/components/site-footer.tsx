import { Link } from 'react-router-dom';
import { copyrightYear, INSTAGRAM_URL, SITE_NAME } from '../site-config';

export function SiteFooter() {
  const year = copyrightYear();
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <a className="site-footer__social" href={INSTAGRAM_URL} target="_blank" rel="noopener noreferrer">
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
            <rect
              x="3"
              y="3"
              width="18"
              height="18"
              rx="5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            />
            <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
            <circle cx="17.5" cy="6.5" r="1.2" fill="currentColor" />
          </svg>
          Instagram<span className="visually-hidden"> (opens in a new tab)</span>
        </a>
        <nav aria-label="Legal" className="site-footer__legal">
          <Link to="/terms-of-service">Terms</Link>
          <Link to="/privacy-policy">Privacy</Link>
        </nav>
        <p className="site-footer__copy">
          © {year} {SITE_NAME}
        </p>
      </div>
    </footer>
  );
}
