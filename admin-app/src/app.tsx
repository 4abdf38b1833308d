/**
 * The `admin` remote's one exposed module, rendered by the shell under /admin/*. It uses the
 * shell's router and query cache (never its own); bootstrap.tsx adds them for standalone
 * development. Routes below are relative to /admin.
 */
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { App as AntApp, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import { TOASTS } from '@studio/shared';
import { AdminGate } from './components/admin-gate';
import { AdminLayout } from './components/admin-layout';
import { AdminSurface } from './components/admin-surface';
import { FullPageSpin } from './components/full-page-spin';
import './admin.css';

const DashboardPage = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './pages/dashboard'));
const PostsPage = lazy(() => import(/* webpackChunkName: "admin-posts" */ './pages/posts'));
const PostEditorPage = lazy(() => import(/* webpackChunkName: "admin-post-editor" */ './pages/post-editor'));
const CategoriesPage = lazy(() => import(/* webpackChunkName: "admin-categories" */ './pages/categories'));
const TagsPage = lazy(() => import(/* webpackChunkName: "admin-tags" */ './pages/tags'));
const MediaPage = lazy(() => import(/* webpackChunkName: "admin-media" */ './pages/media'));
const CommentsPage = lazy(() => import(/* webpackChunkName: "admin-comments" */ './pages/comments'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "admin-settings" */ './pages/settings'));
const ProjectsPage = lazy(() => import(/* webpackChunkName: "admin-projects" */ './pages/projects'));
const ProjectDetailPage = lazy(() => import(/* webpackChunkName: "admin-project" */ './pages/project'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "admin-not-found" */ './pages/not-found'));

/**
 * The studio's gold, darkened until white text on it and links in it pass WCAG AA (4.5:1);
 * the status colours and secondary text likewise (antd's defaults are about 3:1).
 */
const THEME = {
  token: {
    colorPrimary: '#8f5e13',
    colorLink: '#8f5e13',
    colorSuccess: '#237804',
    colorWarning: '#9a5c00',
    colorError: '#cf1322',
    colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    borderRadius: 8,
  },
};
/** Spec §9: one toast at a time, shown for 5 s; below the fixed header. */
const NOTIFICATIONS = { maxCount: TOASTS.limit, duration: TOASTS.durationMs / 1000, top: 72 };

export default function App() {
  return (
    <ConfigProvider theme={THEME} locale={enGB}>
      <AntApp notification={NOTIFICATIONS}>
        <AdminSurface>
          <Suspense fallback={<FullPageSpin />}>
            <Routes>
              <Route element={<AdminGate />}>
                <Route element={<AdminLayout />}>
                  <Route index element={<DashboardPage />} />
                  <Route path="posts" element={<PostsPage />} />
                  {/* One route for new and existing posts: the editor keeps its state when a new post gets its id. */}
                  <Route path="posts/:postId" element={<PostEditorPage />} />
                  <Route path="categories" element={<CategoriesPage />} />
                  <Route path="tags" element={<TagsPage />} />
                  <Route path="media/*" element={<MediaPage />} />
                  <Route path="comments" element={<CommentsPage />} />
                  <Route path="settings" element={<SettingsPage />} />
                  <Route path="projects" element={<ProjectsPage />} />
                  <Route path="projects/:id" element={<ProjectDetailPage />} />
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
