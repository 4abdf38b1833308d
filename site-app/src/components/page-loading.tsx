/** What a route shows while its page chunk downloads: reserved space, announced politely. */
export function PageLoading() {
  return (
    <div className="page-loading" role="status" aria-live="polite">
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
