import { SITE_ROUTES } from '@studio/shared';
import { useSearchParams } from 'react-router-dom';
import { SetPasswordForm } from '../components/auth/set-password-form';
import { usePageTitle } from '../hooks/use-page-title';
import { SITE_NAME } from '../site-config';

/** Opened from a staff invitation: `/accept-invitation?token=…`. */
export default function AcceptInvitationPage() {
  usePageTitle(SITE_ROUTES.acceptInvitation.title);
  const [params] = useSearchParams();
  return (
    <div className="container auth">
      <section className="card auth__card" aria-labelledby="invite-heading">
        <h1 id="invite-heading" className="auth__title">
          Welcome to {SITE_NAME}
        </h1>
        <p>Choose a password for your staff account. Your username is in the invitation mail.</p>
        <SetPasswordForm
          endpoint="/api/invitations/accept"
          token={params.get('token') ?? ''}
          submitLabel="Set password"
          doneText="Your password is set. Sign in with your username and the new password."
        />
      </section>
    </div>
  );
}
