import { SITE_ROUTES } from '@studio/shared';
import { useSearchParams } from 'react-router-dom';
import { SetPasswordForm } from '../components/auth/set-password-form';
import { usePageTitle } from '../hooks/use-page-title';

/** Opened from the reset mail: `/reset-password?token=…`. */
export default function ResetPasswordPage() {
  usePageTitle(SITE_ROUTES.resetPassword.title);
  const [params] = useSearchParams();
  return (
    <div className="container auth">
      <section className="card auth__card" aria-labelledby="reset-heading">
        <h1 id="reset-heading" className="auth__title">
          Choose a new password
        </h1>
        <SetPasswordForm
          endpoint="/api/password/reset"
          token={params.get('token') ?? ''}
          submitLabel="Save new password"
          doneText="Your password has been reset and every other session signed out. Sign in with the new password."
        />
      </section>
    </div>
  );
}
