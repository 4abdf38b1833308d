import { Suspense, useEffect } from 'react';
import { Link, Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Button, Grid, Space, Typography } from 'antd';
import {
  AppstoreOutlined,
  AuditOutlined,
  CommentOutlined,
  CreditCardOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GiftOutlined,
  GlobalOutlined,
  InboxOutlined,
  LogoutOutlined,
  MailOutlined,
  NotificationOutlined,
  PictureOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingOutlined,
  TagsOutlined,
  TeamOutlined,
  TrophyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { displayNameOf } from '@studio/shared';
import { canSeeBackOffice } from '../access';
import { UNREAD_QUERY_KEY, unreadCount } from '../pages/messages/service';
import { useCurrentUser } from '../hooks/use-current-user';
import { useLogout } from '../hooks/use-logout';
import { SITE_NAME } from '../site-config';
import { AdminLogo } from './admin-logo';
import { FullPageSpin } from './full-page-spin';
import { VisuallyHidden } from './visually-hidden';
import { getTwoFactorStatus, TWO_FACTOR_QUERY_KEY } from '../pages/profile/service';

/** Served by the backend (bull-board), not by this app: a full page load. */
const MAIL_QUEUE_PATH = '/admin/queues';

/** White on the error red: 5.9:1. */
const UNREAD_PILL = {
  minWidth: 20,
  padding: '0 6px',
  borderRadius: 10,
  background: '#cf1322',
  color: '#fff',
  fontSize: 12,
  lineHeight: '20px',
  textAlign: 'center',
} as const;

/** `adminOnly`: money and personal data, hidden from editors (the API refuses them too). */
type MenuItem = MenuDataItem & { adminOnly?: boolean };

const MENU: MenuItem[] = [
  { path: '/admin', name: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/admin/posts', name: 'Posts', icon: <FileTextOutlined /> },
  { path: '/admin/categories', name: 'Categories', icon: <AppstoreOutlined /> },
  { path: '/admin/tags', name: 'Tags', icon: <TagsOutlined /> },
  { path: '/admin/media', name: 'Media', icon: <PictureOutlined /> },
  { path: '/admin/comments', name: 'Comments', icon: <CommentOutlined /> },
  { path: '/admin/messages', name: 'Messages', icon: <InboxOutlined />, adminOnly: true },
  { path: '/admin/payments', name: 'Payments', icon: <CreditCardOutlined />, adminOnly: true },
  { path: '/admin/subscribers', name: 'Subscribers', icon: <TeamOutlined />, adminOnly: true },
  { path: '/admin/referrals', name: 'Referral codes', icon: <GiftOutlined />, adminOnly: true },
  { path: '/admin/lottery', name: 'Lottery', icon: <TrophyOutlined />, adminOnly: true },
  { path: '/admin/newsletter', name: 'Newsletter', icon: <NotificationOutlined />, adminOnly: true },
  { path: '/admin/services', name: 'Services', icon: <ShoppingOutlined />, adminOnly: true },
  { path: '/admin/settings', name: 'Settings', icon: <SettingOutlined /> },
  { path: '/admin/projects', name: 'Projects', icon: <FolderOpenOutlined /> },
  { path: '/admin/users', name: 'Staff', icon: <UserOutlined /> },
  { path: '/admin/audit', name: 'Audit log', icon: <AuditOutlined /> },
  { path: '/admin/data-requests', name: 'Data requests', icon: <SafetyOutlined /> },
  { path: MAIL_QUEUE_PATH, name: 'Mail queue', icon: <MailOutlined /> },
  { path: '/admin/profile', name: 'Your profile', icon: <UserOutlined /> },
];

/** Menu entries editors do not see (the pages answer 403 to them anyway). */
const ADMINS_ONLY = new Set(['/admin/projects', '/admin/users', '/admin/audit', '/admin/data-requests']);
const PROFILE_PATH = '/admin/profile';

/** The document title's first part for a path: the page, or the menu section it belongs to. */
function pageName(pathname: string, section: string): string {
  if (/^\/admin\/posts\/new\/?$/.test(pathname)) return 'New Post';
  if (/^\/admin\/posts\/[^/]+\/?$/.test(pathname)) return 'Edit Post';
  if (/^\/admin\/media\/upload\/?$/.test(pathname)) return 'Upload Media';
  if (/^\/admin\/projects\/[^/]+\/?$/.test(pathname)) return 'Project';
  if (/^\/admin\/newsletter\/[^/]+\/?$/.test(pathname)) return 'Newsletter Issue';
  return section;
}

/** The menu entry that owns a path: the longest menu path it starts with. */
function selectedMenuPath(pathname: string): string {
  const match = MENU.map((m) => m.path ?? '')
    .filter((p) => pathname === p || pathname.startsWith(`${p}/`))
    .sort((a, b) => b.length - a.length)[0];
  return match ?? '/admin';
}

export function AdminLayout() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const logout = useLogout();
  const name = user ? displayNameOf(user) : '';
  const selected = selectedMenuPath(pathname);
  const backOffice = canSeeBackOffice(user);
  const menu = MENU.filter(
    (m) => (backOffice || !m.adminOnly) && (!ADMINS_ONLY.has(m.path ?? '') || user?.role === 'admin'),
  );
  // The inbox's unread count, for admins only (editors may not read messages).
  const unread = useQuery({
    queryKey: UNREAD_QUERY_KEY,
    queryFn: unreadCount,
    enabled: backOffice,
    refetchInterval: 60_000,
  }).data;
  // The studio requires 2FA and this account has none: only the profile page, until it is set up.
  const twoFactor = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactorStatus });
  const mustEnrol = !!twoFactor.data?.required && !twoFactor.data.enabled;
  const screens = Grid.useBreakpoint();
  const narrow = !screens.sm;

  useEffect(() => {
    const section = MENU.find((m) => m.path === selected)?.name ?? 'Dashboard';
    document.title = `${pageName(pathname, section)} | ${SITE_NAME} Admin`;
  }, [pathname, selected]);

  return (
    <ProLayout
      title={`${SITE_NAME} Admin`}
      logo={<AdminLogo />}
      layout="mix"
      fixSiderbar
      token={narrow ? { pageContainer: { paddingInlinePageContainerContent: 12 } } : undefined}
      route={{ path: '/admin', routes: menu }}
      location={{ pathname: selected }}
      onMenuHeaderClick={() => navigate('/admin')}
      selectedKeys={[selected]}
      // The brand is not a heading: each page has its own h1 (PageTitle).
      headerTitleRender={(logo, title) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          {logo}
          {title ? (
            <span
              style={{ fontSize: 18, fontWeight: 600, whiteSpace: 'nowrap', color: 'rgba(0, 0, 0, 0.88)' }}
            >
              {SITE_NAME} Admin
            </span>
          ) : null}
        </span>
      )}
      menuItemRender={(item, dom) =>
        item.path === MAIL_QUEUE_PATH ? (
          <a href={MAIL_QUEUE_PATH}>{dom}</a>
        ) : item.path === '/admin/messages' && unread ? (
          // The count sits after the label, never over it; its name reads "Messages 3 unread".
          <Link to={item.path}>
            <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              {dom}
              <span style={UNREAD_PILL} data-testid="unread-count">
                {unread > 99 ? '99+' : unread}
                <VisuallyHidden> unread</VisuallyHidden>
              </span>
            </span>
          </Link>
        ) : (
          <Link to={item.path ?? '/admin'}>{dom}</Link>
        )
      }
      actionsRender={() => [
        <Button
          key="visit-site"
          icon={<GlobalOutlined />}
          aria-label={narrow ? 'Visit Site' : undefined}
          onClick={() => navigate('/')}
        >
          {narrow ? null : 'Visit Site'}
        </Button>,
        narrow ? null : (
          <Space key="user" size={4} align="center">
            <UserOutlined aria-hidden />
            <Typography.Text
              strong
              ellipsis
              style={{
                maxWidth: 200,
                whiteSpace: 'nowrap',
                display: 'inline-block',
                verticalAlign: 'middle',
              }}
            >
              {name}
            </Typography.Text>
          </Space>
        ),
        <Button key="logout" type="text" icon={<LogoutOutlined />} onClick={() => void logout()}>
          Log out
        </Button>,
      ]}
    >
      <Suspense fallback={<FullPageSpin />}>
        {mustEnrol && pathname !== PROFILE_PATH ? <Navigate to={PROFILE_PATH} replace /> : <Outlet />}
      </Suspense>
    </ProLayout>
  );
}
