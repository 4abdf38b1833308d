import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { staffSignInPath } from '@studio/shared';
import { canAccessAdmin } from '../access';
import { SITE_NAME } from '../site-config';
import { useCurrentUser } from '../hooks/use-current-user';
import { FullPageSpin } from './full-page-spin';
import { PageTitle } from './page-title';

/** Spec §2, word for word. */
export const ACCESS_DENIED = "Access Denied - You don't have permission to access the admin panel.";

/**
 * The gate in front of everything under /admin (spec §2, §6): a spinner while the user loads,
 * the staff sign-in for visitors (coming back here afterwards), Access Denied for users who are neither admin nor editor.
 */
export function AdminGate() {
  const { user, isLoading, error, refetch } = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const denied = !!user && !canAccessAdmin(user);

  useEffect(() => {
    if (denied) document.title = `Access Denied | ${SITE_NAME}`;
  }, [denied]);

  if (isLoading) return <FullPageSpin />;
  if (error) {
    return (
      <Result
        status="error"
        title="Could not check your account"
        subTitle="Please check your connection and try again."
        extra={
          <Button type="primary" onClick={() => refetch()}>
            Try again
          </Button>
        }
      />
    );
  }
  if (!user)
    return (
      <Navigate to={staffSignInPath(`${location.pathname}${location.search}${location.hash}`)} replace />
    );
  if (denied) {
    return (
      <Result
        status="403"
        title={<PageTitle>{ACCESS_DENIED}</PageTitle>}
        subTitle="The admin area is for the studio's admins and editors. Ask an admin if you need access."
        extra={
          <Button type="primary" onClick={() => navigate('/')}>
            Return to Home
          </Button>
        }
      />
    );
  }
  return <Outlet />;
}
