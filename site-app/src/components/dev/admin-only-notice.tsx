import { Link } from 'react-router-dom';
import { displayNameOf } from '@studio/shared';
import { useAuth } from '../../hooks/use-auth';

/** True when the visitor may use the email tools (the server only accepts admins). */
export function useIsAdmin(): { isAdmin: boolean; isLoading: boolean } {
  const { user, isLoading } = useAuth();
  return { isAdmin: user?.role === 'admin', isLoading };
}

/** Says, before anything is sent, that these tools are for administrators only. */
export function AdminOnlyNotice() {
  const { user, isLoading } = useAuth();
  if (isLoading || user?.role === 'admin') return null;
  return (
    <div className="notice notice--error admin-notice" role="note">
      <strong className="notice__title">Administrators only</strong>
      {user ? (
        <p>
          You are logged in as {displayNameOf(user)}, who is not an administrator. These tools send real
          emails, so the server only accepts them from an admin account.
        </p>
      ) : (
        <p>
          These tools send real emails, so the server only accepts them from an administrator.{' '}
          <Link to="/auth">Log in with an admin account</Link> to use them.
        </p>
      )}
    </div>
  );
}
