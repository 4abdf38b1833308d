/**
 * /portal/sign-in#token=…: where the mailed link lands. The token sits in the fragment (never sent
 * in a request line or logged) and is used up only by this page's POST, so a mail scanner that
 * fetches the link does not spend it.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PROJECT_MESSAGES, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { openPortalSession } from '../components/portal/portal-api';
import { PortalSignInForm } from '../components/portal/portal-sign-in-form';
import '../components/portal/portal.css';

export default function PortalSignInPage() {
  usePageTitle(SITE_ROUTES.portalSignIn.title);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [noToken, setNoToken] = useState(false);
  const session = useMutation({
    mutationFn: openPortalSession,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/portal'] });
      navigate('/portal', { replace: true });
    },
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    // Drop the token from the address bar and history.
    window.history.replaceState(null, '', window.location.pathname);
    if (token) session.mutate(token);
    else setNoToken(true);
  }, [session]);

  const failed = session.isError || noToken;
  return (
    <section className="page container portal">
      <h1 className="page__title">Client portal</h1>
      {!failed && <p className="portal-muted">Signing you in…</p>}
      {failed && <PortalSignInForm intro={PROJECT_MESSAGES.linkInvalid} />}
    </section>
  );
}
