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
import { RequireAdmin } from './components/require-admin';
import { useReducedMotion } from './hooks/use-reduced-motion';
import './admin.css';

const DashboardPage = lazy(() => import(/* webpackChunkName: "admin-dashboard" */ './pages/dashboard'));
const PostsPage = lazy(() => import(/* webpackChunkName: "admin-posts" */ './pages/posts'));
const PostEditorPage = lazy(() => import(/* webpackChunkName: "admin-post-editor" */ './pages/post-editor'));
const CategoriesPage = lazy(() => import(/* webpackChunkName: "admin-categories" */ './pages/categories'));
const TagsPage = lazy(() => import(/* webpackChunkName: "admin-tags" */ './pages/tags'));
const MediaPage = lazy(() => import(/* webpackChunkName: "admin-media" */ './pages/media'));
const CommentsPage = lazy(() => import(/* webpackChunkName: "admin-comments" */ './pages/comments'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "admin-settings" */ './pages/settings'));
const MessagesPage = lazy(() => import(/* webpackChunkName: "admin-messages" */ './pages/messages'));
const PaymentsPage = lazy(() => import(/* webpackChunkName: "admin-payments" */ './pages/payments'));
const SubscribersPage = lazy(() => import(/* webpackChunkName: "admin-subscribers" */ './pages/subscribers'));
const ReferralsPage = lazy(() => import(/* webpackChunkName: "admin-referrals" */ './pages/referrals'));
const LotteryPage = lazy(() => import(/* webpackChunkName: "admin-lottery" */ './pages/lottery'));
const NewsletterPage = lazy(() => import(/* webpackChunkName: "admin-newsletter" */ './pages/newsletter'));
const NewsletterIssuePage = lazy(
  () => import(/* webpackChunkName: "admin-newsletter-issue" */ './pages/newsletter-issue'),
);
const ServicesPage = lazy(() => import(/* webpackChunkName: "admin-services" */ './pages/services'));
const UsersPage = lazy(() => import(/* webpackChunkName: "admin-users" */ './pages/users'));
const AuditPage = lazy(() => import(/* webpackChunkName: "admin-audit" */ './pages/audit'));
const DataRequestsPage = lazy(
  () => import(/* webpackChunkName: "admin-data-requests" */ './pages/data-requests'),
);
const ProfilePage = lazy(() => import(/* webpackChunkName: "admin-profile" */ './pages/profile'));
const ProjectsPage = lazy(() => import(/* webpackChunkName: "admin-projects" */ './pages/projects'));
const ProjectDetailPage = lazy(() => import(/* webpackChunkName: "admin-project" */ './pages/project'));
const StaffSignInPage = lazy(() => import(/* webpackChunkName: "admin-login" */ './pages/login'));
const NotFoundPage = lazy(() => import(/* webpackChunkName: "admin-not-found" */ './pages/not-found'));

/**
 * The studio's gold, darkened until white text on it and links in it pass WCAG AA (4.5:1);
 * the status colours and secondary text likewise (antd's defaults are about 3:1).
 */
const THEME = {
  token: {
    colorPrimary: '#8f5e13',
    // Hover and press darken (antd would lighten them, below 4.5:1 under white text).
    colorPrimaryHover: '#7a500f',
    colorPrimaryActive: '#67430c',
    colorLink: '#8f5e13',
    colorLinkHover: '#7a500f',
    colorLinkActive: '#67430c',
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

/** The same theme with antd's animations off, for people who ask their system for less motion. */
const STILL_THEME = { token: { ...THEME.token, motion: false } };

export default function App() {
  const reducedMotion = useReducedMotion();
  return (
    <ConfigProvider theme={reducedMotion ? STILL_THEME : THEME} locale={enGB}>
      <AntApp notification={NOTIFICATIONS}>
        <AdminSurface>
          <Suspense fallback={<FullPageSpin />}>
            <Routes>
              <Route path="login" element={<StaffSignInPage />} />
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
                  {/* The back office: money and personal data, admins only. */}
                  <Route element={<RequireAdmin />}>
                    <Route path="messages" element={<MessagesPage />} />
                    <Route path="payments" element={<PaymentsPage />} />
                    <Route path="subscribers" element={<SubscribersPage />} />
                    <Route path="referrals" element={<ReferralsPage />} />
                    <Route path="lottery" element={<LotteryPage />} />
                    <Route path="services" element={<ServicesPage />} />
                    <Route path="newsletter" element={<NewsletterPage />} />
                    <Route path="newsletter/:issueId" element={<NewsletterIssuePage />} />
                  </Route>
                  <Route path="users" element={<UsersPage />} />
                  <Route path="audit" element={<AuditPage />} />
                  <Route path="data-requests" element={<DataRequestsPage />} />
                  <Route path="profile" element={<ProfilePage />} />
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
