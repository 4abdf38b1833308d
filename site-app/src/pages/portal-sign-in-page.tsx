/**
 * /portal/sign-in?next=…#token=…: where the mailed link lands. The token sits in the fragment
 * (never sent in a request line or logged) and is used up only by this page's POST, so a mail
 * scanner that fetches the link does not spend it. Signed in, the client goes on to `next` (the
 * project the mail is about, or the portal). An old link whose session is still open goes there
 * too; only a client with neither gets the form, which mails a link back to the same place.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { portalReturnPath, PROJECT_MESSAGES, SITE_ROUTES } from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { fetchPortalMe, openPortalSession } from '../components/portal/portal-api';
import { PortalSignInForm } from '../components/portal/portal-sign-in-form';
import '../components/portal/portal.css';

export default function PortalSignInPage() {
  usePageTitle(SITE_ROUTES.portalSignIn.title);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = portalReturnPath(params.get('next'));
  const queryClient = useQueryClient();
  const started = useRef(false);
  const [failed, setFailed] = useState(false);
  const goOn = useMutation({
    mutationFn: async (token: string) => {
      try {
        await openPortalSession(token);
      } catch (err) {
        // A spent or expired link, but still signed in from last time: carry on all the same.
        await fetchPortalMe().catch(() => {
          throw err;
        });
      }
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['/api/portal'] });
      navigate(next, { replace: true });
    },
    onError: () => setFailed(true),
  });

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token') ?? '';
    // Drop the token from the address bar and history (the return path stays).
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (token) goOn.mutate(token);
    else setFailed(true);
  }, [goOn]);

  return (
    <section className="page container portal">
      <h1 className="page__title">Client portal</h1>
      {!failed && <p className="portal-muted">Signing you in…</p>}
      {failed && <PortalSignInForm intro={PROJECT_MESSAGES.linkInvalid} next={next} />}
    </section>
  );
}
