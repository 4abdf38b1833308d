import type { MouseEvent, ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { scrollToSection } from '../hooks/scroll-to-section';

interface SectionLinkProps {
  section: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}

/**
 * A link to a home-page section: on the home page it scrolls there (below the sticky header);
 * anywhere else it goes through /section/{name}, which redirects home and then scrolls.
 */
export function SectionLink({ section, className, onNavigate, children }: SectionLinkProps) {
  const { pathname } = useLocation();

  if (pathname !== '/') {
    return (
      <Link to={`/section/${section}`} className={className} onClick={onNavigate}>
        {children}
      </Link>
    );
  }

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!document.getElementById(section)) {
      onNavigate?.();
      return;
    }
    event.preventDefault();
    if (!onNavigate) {
      scrollToSection(section);
      return;
    }
    // From the phone menu: the open menu is part of the sticky header and pushes the page down
    // by its own height, so a position measured now is off by that much once it closes. Close
    // it first and measure after the page has settled without it.
    onNavigate();
    requestAnimationFrame(() => scrollToSection(section));
  };
  return (
    <a href={`#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
