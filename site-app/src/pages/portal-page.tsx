/** /portal: the signed-in client's projects, or the sign-in form. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { ApiError, formatPence, PROJECT_STATUS_LABELS, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { fetchPortalProjects, portalKeys, signOutOfPortal } from '../components/portal/portal-api';
import { PortalSignInForm } from '../components/portal/portal-sign-in-form';
import '../components/portal/portal.css';

export default function PortalPage() {
  usePageTitle(SITE_ROUTES.portal.title);
  const queryClient = useQueryClient();
  const projects = useQuery({ queryKey: portalKeys.projects, queryFn: fetchPortalProjects });
  const signOut = useMutation({
    mutationFn: signOutOfPortal,
    onSuccess: () => queryClient.removeQueries({ queryKey: ['/api/portal'] }),
    onSettled: () => void projects.refetch(),
  });
  const signedOut = projects.error instanceof ApiError && projects.error.status === 401;

  return (
    <section className="page container portal">
      <h1 className="page__title">Your projects</h1>
      {projects.isPending && <p className="portal-muted">Loading your projects…</p>}
      {signedOut && <PortalSignInForm />}
      {projects.isError && !signedOut && (
        <p className="portal-error" role="alert">
          Your projects could not be loaded. Please try again in a moment.
        </p>
      )}
      {projects.data && (
        <>
          {projects.data.projects.length === 0 ? (
            <p>No projects yet. A project opens when a booking is paid.</p>
          ) : (
            <ul className="portal-list">
              {projects.data.projects.map((p) => (
                <li key={p.id} className="card">
                  <Link to={`/portal/projects/${p.id}`}>
                    <strong>{p.serviceName}</strong>
                    <span className="portal-status">{PROJECT_STATUS_LABELS[p.status]}</span>
                    <span className="portal-muted">
                      Booked {new Date(p.createdAt).toLocaleDateString('en-GB')} · deposit{' '}
                      {formatPence(p.depositPence)} · {p.fileCount} file{p.fileCount === 1 ? '' : 's'}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <p>
            <button className="btn btn--outline btn--sm" type="button" onClick={() => signOut.mutate()}>
              Sign out
            </button>
          </p>
        </>
      )}
    </section>
  );
}
