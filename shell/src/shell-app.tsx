import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { ADMIN_ROUTE } from '@studio/shared';
import { RemoteSlot } from './remote-slot';

// Each remote is fetched only when a route needs it: the public site never downloads the admin.
// The site remote routes the shared SITE_ROUTES inside; the backend answers 200 for exactly those.
const SiteApp = lazy(() => import('site/App'));
const AdminApp = lazy(() => import('admin/App'));

export function ShellApp() {
  return (
    <Routes>
      <Route
        path={ADMIN_ROUTE.path}
        element={
          <RemoteSlot name="admin">
            <AdminApp />
          </RemoteSlot>
        }
      />
      <Route
        path="*"
        element={
          <RemoteSlot name="site">
            <SiteApp />
          </RemoteSlot>
        }
      />
    </Routes>
  );
}
