import { useEffect } from 'react';
import { SITE_NAME } from '../site-config';

/**
 * Sets document.title for the current route: "{title} | {brand}", or the brand alone.
 * `null` leaves the title as it is (a page still loading keeps the server-rendered title).
 */
export function usePageTitle(title?: string | null): void {
  useEffect(() => {
    if (title === null) return;
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
