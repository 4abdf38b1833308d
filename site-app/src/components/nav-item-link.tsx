import { NavLink } from 'react-router-dom';
import type { NavItem } from './nav-items';
import { SectionLink } from './section-link';

export function NavItemLink({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  if ('section' in item) {
    return (
      <SectionLink section={item.section} className="nav-link" onNavigate={onNavigate}>
        {item.label}
      </SectionLink>
    );
  }
  return (
    <NavLink to={item.to} className="nav-link" onClick={onNavigate}>
      {item.label}
    </NavLink>
  );
}
