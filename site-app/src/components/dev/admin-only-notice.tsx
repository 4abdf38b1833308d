import { Link, useLocation } from 'react-router-dom';
import { displayNameOf } from '@studio/shared';
import { useAuth } from '../../hooks/use-auth';

/** True when the visitor may use the email tools (the server only accepts admins). */
export function useIsAdmin(): { isAdmin: boolean; isLoading: boolean } {
  const { user, isLoading } = useAuth();
  return { isAdmin: user?.role === 'admin', isLoading };
}

/**
 * Says, before anything is sent, whether the visitor can use these tools: only administrators
 * can. Always takes the same room (checking, allowed, not allowed), so the page never jumps.
 */
export function AdminOnlyNotice() {
  const { user, isLoading } = useAuth();
  const { pathname } = useLocation();
  if (isLoading) {
    return (
      <div className="notice notice--info admin-notice" role="status">
        <strong className="notice__title">Checking your account…</strong>
        <p>These tools send real emails, so only administrators can use them.</p>
      </div>
    );
  }
  if (user?.role === 'admin') {
    return (
      <div className="notice notice--info admin-notice" role="status">
        <strong className="notice__title">Signed in as an administrator</strong>
        <p>{displayNameOf(user)}, the test emails you send here are real and go out straight away.</p>
      </div>
    );
  }
  return (
    <div className="notice notice--error admin-notice" role="note">
      <strong className="notice__title">Administrators only</strong>
      <p>
        {user ? `${displayNameOf(user)} is not an administrator. ` : ''}These tools send real emails, so the
        server only accepts them from an admin account.{' '}
        {!user && <Link to={`/auth?redirect=${encodeURIComponent(pathname)}`}>Log in as an admin</Link>}
      </p>
    </div>
  );
}
