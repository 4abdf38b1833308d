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
    if (scrollToSection(section)) event.preventDefault();
    onNavigate?.();
  };
  return (
    <a href={`#${section}`} className={className} onClick={onClick}>
      {children}
    </a>
  );
}
