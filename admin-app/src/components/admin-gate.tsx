import { Navigate, Outlet, useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { canAccessAdmin } from '../access';
import { useCurrentUser } from '../hooks/use-current-user';
import { FullPageSpin } from './full-page-spin';

/**
 * The gate in front of everything under /admin (spec §2, §6): a spinner while the user loads,
 * /auth for visitors, Access Denied for users who are neither admin nor editor.
 */
export function AdminGate() {
  const { user, isLoading, error, refetch } = useCurrentUser();
  const navigate = useNavigate();

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
  if (!user) return <Navigate to="/auth" replace />;
  if (!canAccessAdmin(user)) {
    return (
      <Result
        status="403"
        title="Access Denied"
        subTitle="You don't have permission to access the admin panel."
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
