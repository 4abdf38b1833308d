import './ui.css';

/** The raw JSON a developer page got back, as the spec asks (§2). */
export function JsonResult({ value, title = 'Result' }: { value: unknown; title?: string }) {
  if (value === undefined) return null;
  return (
    <section className="json-result" aria-label={title} aria-live="polite">
      <h2 className="json-result__title">{title}</h2>
      {/* Focusable so a keyboard can scroll a long result; a labelled region says what it is. */}
      <pre className="json-result__pre" tabIndex={0} role="region" aria-label={`${title} (JSON)`}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </section>
  );
}
