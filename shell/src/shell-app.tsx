import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { RemoteSlot } from './remote-slot';

// Each remote is fetched only when a route needs it: the public site never downloads the admin.
const SiteApp = lazy(() => import('site/App'));
const AdminApp = lazy(() => import('admin/App'));

export function ShellApp() {
  return (
    <Routes>
      <Route
        path="/admin/*"
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
