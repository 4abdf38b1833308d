/** Pages the server renders itself (not client routes): reached with a full page load. */
const SERVER_PAGES = ['/admin/queues'];

/** `?redirect=/path` from pages that sent the visitor to /auth; only same-site paths are honoured. */
export function safeRedirect(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/';
}

export function isServerPage(path: string): boolean {
  return SERVER_PAGES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));
}
