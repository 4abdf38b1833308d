import { Navigate, useParams } from 'react-router-dom';
import type { ScrollToState } from '../hooks/scroll-to-section';

/** /section/{section}: home, then scroll to that section (spec §2). */
export default function SectionRedirectPage() {
  const { section = '' } = useParams();
  return <Navigate to="/" replace state={{ scrollTo: section } satisfies ScrollToState} />;
}
