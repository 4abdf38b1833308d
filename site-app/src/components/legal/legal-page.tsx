import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../../hooks/use-page-title';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

interface LegalPageProps {
  title: string;
  intro?: ReactNode;
  sections: LegalSection[];
}

/** A long legal page: starts at the top, lists its sections, ends with a way home. */
export function LegalPage({ title, intro, sections }: LegalPageProps) {
  usePageTitle(title);
  useEffect(() => {
    window.scrollTo(0, 0);
  }, []);

  return (
    <article className="container legal">
      <header className="legal__header">
        <h1 className="page__title">{title}</h1>
        {intro}
      </header>
      <nav className="legal__toc" aria-label="On this page">
        <h2 className="legal__toc-title">On this page</h2>
        <ol>
          {sections.map((s) => (
            <li key={s.id}>
              <a href={`#${s.id}`}>{s.title}</a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} className="legal__section" aria-labelledby={`${s.id}-heading`}>
          <h2 id={`${s.id}-heading`}>
            {i + 1}. {s.title}
          </h2>
          {s.body}
        </section>
      ))}
      <Link to="/" className="btn btn--primary legal__home" onClick={() => window.scrollTo(0, 0)}>
        Back to Home
      </Link>
    </article>
  );
}
