import { Navigate } from 'react-router-dom';
import type { ScrollToState } from '../hooks/scroll-to-section';

/** /services: home, then scroll to the services section (spec §2). */
export default function ServicesRedirectPage() {
  return <Navigate to="/" replace state={{ scrollTo: 'services' } satisfies ScrollToState} />;
}
