import { Outlet, useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';
import { canSeeBackOffice } from '../access';
import { useCurrentUser } from '../hooks/use-current-user';
import { PageTitle } from './page-title';

/**
 * In front of the back-office pages (money and personal data): editors see a 403 here, the
 * menu hides the entries, and the API refuses them whatever this page does.
 */
export function RequireAdmin() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  if (canSeeBackOffice(user)) return <Outlet />;
  return (
    <Result
      status="403"
      title={<PageTitle>Admins only</PageTitle>}
      subTitle="This page holds payments and customers' personal data; it is open to the studio's admins."
      extra={
        <Button type="primary" onClick={() => navigate('/admin')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
