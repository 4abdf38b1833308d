import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/use-page-title';
import './dev.css';

/** The frame of a developer page: its h1, what it is for, and the tool itself. */
export function DevPage({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  usePageTitle(title);
  return (
    <div className="container dev-page">
      <p className="dev-page__tag">Developer tools</p>
      <h1 className="page__title">{title}</h1>
      <p className="page__lead">{lead}</p>
      {children}
    </div>
  );
}
