import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { SITE_NAME } from '../site-config';
import { Logo } from './logo';
import { NAV_ITEMS } from './nav-items';
import { NavItemLink } from './nav-item-link';

const MENU_ID = 'site-mobile-menu';

/** Header of spec §2: full navigation from 768px up, a toggle menu below that. */
export function SiteHeader() {
  const [menuOpen, setMenuOpen] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  const closeMenu = useCallback(() => setMenuOpen(false), []);

  // Any navigation closes the menu.
  useEffect(() => {
    setMenuOpen(false);
  }, [location.key]);

  // Escape closes it and hands focus back to the toggle.
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  return (
    <header className="site-header">
      <div className="container site-header__bar">
        <Link to="/" className="brand">
          <Logo />
          <span className="brand__name">{SITE_NAME}</span>
        </Link>

        <nav className="site-nav" aria-label="Main">
          <ul className="site-nav__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="site-header__actions">
          <Link to="/services-checkout" className="btn btn--outline btn--sm">
            Book &amp; Pay
          </Link>
          <Link to="/contact" className="btn btn--primary btn--sm">
            Free Mix
          </Link>
        </div>

        <button
          ref={toggleRef}
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={MENU_ID}
          aria-label={menuOpen ? 'Close menu' : 'Open menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={`menu-toggle__icon${menuOpen ? ' is-open' : ''}`} aria-hidden="true">
            <span />
            <span />
            <span />
          </span>
        </button>
      </div>

      <div id={MENU_ID} className="mobile-menu" hidden={!menuOpen}>
        <nav className="container" aria-label="Mobile">
          <ul className="mobile-menu__list">
            {NAV_ITEMS.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} onNavigate={closeMenu} />
              </li>
            ))}
          </ul>
          <div className="mobile-menu__actions">
            <Link to="/services-checkout" className="btn btn--primary" onClick={closeMenu}>
              Book &amp; Pay Now
            </Link>
            <Link to="/contact" className="btn btn--accent" onClick={closeMenu}>
              Free Mix (New Customers)
            </Link>
          </div>
        </nav>
      </div>
    </header>
  );
}
