/**
 * The `admin` remote's one exposed module, rendered by the shell under /admin/*. It uses the
 * shell's router and query cache (never its own); bootstrap.tsx adds them for standalone
 * development. Routes below are relative to /admin.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { AdminGate } from './components/admin-gate';
import { AdminLayout } from './components/admin-layout';
import { AdminSurface } from './components/admin-surface';
import { FullPageSpin } from './components/full-page-spin';

const DashboardPage = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './pages/dashboard'));
const PostsPage = lazy(() => import(/* webpackChunkName: "admin-posts" */ './pages/posts'));
const PostEditorPage = lazy(() => import(/* webpackChunkName: "admin-post-editor" */ './pages/post-editor'));
const CategoriesPage = lazy(() => import(/* webpackChunkName: "admin-categories" */ './pages/categories'));
const TagsPage = lazy(() => import(/* webpackChunkName: "admin-tags" */ './pages/tags'));
const MediaPage = lazy(() => import(/* webpackChunkName: "admin-media" */ './pages/media'));
const CommentsPage = lazy(() => import(/* webpackChunkName: "admin-comments" */ './pages/comments'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "admin-settings" */ './pages/settings'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "admin-not-found" */ './pages/not-found'));

const THEME = { token: { colorPrimary: '#b7791f', borderRadius: 8 } };

export default function App() {
  return (
    <ConfigProvider theme={THEME} locale={enGB}>
      <AntApp>
        <AdminSurface>
          <Suspense fallback={<FullPageSpin />}>
            <Routes>
              <Route element={<AdminGate />}>
                <Route element={<AdminLayout />}>
                  <Route index element={<DashboardPage />} />
                  <Route path="posts" element={<PostsPage />} />
                  <Route path="posts/new" element={<PostEditorPage />} />
                  <Route path="posts/:postId" element={<PostEditorPage />} />
                  <Route path="categories" element={<CategoriesPage />} />
                  <Route path="tags" element={<TagsPage />} />
                  <Route path="media/*" element={<MediaPage />} />
                  <Route path="comments" element={<CommentsPage />} />
                  <Route path="settings" element={<SettingsPage />} />
                  <Route path="*" element={<NotFoundPage />} />
                </Route>
              </Route>
            </Routes>
          </Suspense>
        </AdminSurface>
      </AntApp>
    </ConfigProvider>
  );
}
