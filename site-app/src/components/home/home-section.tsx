import type { ReactNode } from 'react';

interface HomeSectionProps {
  id: string;
  title: ReactNode;
  lead?: ReactNode;
  /** Alternate background, to tell neighbouring sections apart. */
  alt?: boolean;
  children: ReactNode;
}

/** One anchored section of the home page: its id is what /section/{id} and the header scroll to. */
export function HomeSection({ id, title, lead, alt = false, children }: HomeSectionProps) {
  return (
    <section
      id={id}
      className={`home-block${alt ? ' home-block--alt' : ''}`}
      aria-labelledby={`${id}-heading`}
    >
      <div className="container">
        <header className="home-block__header">
          <h2 id={`${id}-heading`} className="home-block__title">
            {title}
          </h2>
          {lead && <p className="home-block__lead">{lead}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
