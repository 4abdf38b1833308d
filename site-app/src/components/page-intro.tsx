import type { ReactNode } from 'react';
import { usePageTitle } from '../hooks/use-page-title';

interface PageIntroProps {
  title: string;
  /** document.title for the route, when it differs from the heading. */
  documentTitle?: string;
  children?: ReactNode;
}

/** A page's single h1 and its lead sentence, and the route's document title. */
export function PageIntro({ title, documentTitle, children }: PageIntroProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <section className="page container">
      <h1 className="page__title">{title}</h1>
      {children}
    </section>
  );
}
