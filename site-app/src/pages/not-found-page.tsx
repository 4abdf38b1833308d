import { NOT_FOUND_TITLE } from '@studio/shared';
import { Link } from 'react-router-dom';
import { usePageTitle } from '../hooks/use-page-title';

export default function NotFoundPage() {
  usePageTitle(NOT_FOUND_TITLE);
  return (
    <section className="page container not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <h1 className="page__title">404 Page Not Found</h1>
      <p className="page__lead">The page you are looking for does not exist or has moved.</p>
      <Link to="/" className="btn btn--primary">
        Back to Home
      </Link>
    </section>
  );
}
