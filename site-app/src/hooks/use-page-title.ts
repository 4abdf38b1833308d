import { useEffect } from 'react';
import { SITE_NAME } from '../site-config';

/** Sets document.title for the current route: "{title} | {brand}", or the brand alone. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} | ${SITE_NAME}` : SITE_NAME;
  }, [title]);
}
