import { Suspense, useEffect } from 'react';
import { Link, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { ProLayout, type MenuDataItem } from '@ant-design/pro-components';
import { Button, Grid, Space, Typography } from 'antd';
import {
  AppstoreOutlined,
  CommentOutlined,
  DashboardOutlined,
  FileTextOutlined,
  FolderOpenOutlined,
  GlobalOutlined,
  LogoutOutlined,
  MailOutlined,
  PictureOutlined,
  SettingOutlined,
  TagsOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { displayNameOf } from '@studio/shared';
import { useCurrentUser } from '../hooks/use-current-user';
import { useLogout } from '../hooks/use-logout';
import { SITE_NAME } from '../site-config';
import { AdminLogo } from './admin-logo';
import { FullPageSpin } from './full-page-spin';

/** Served by the backend (bull-board), not by this app: a full page load. */
const MAIL_QUEUE_PATH = '/admin/queues';

const MENU: MenuDataItem[] = [
  { path: '/admin', name: 'Dashboard', icon: <DashboardOutlined /> },
  { path: '/admin/posts', name: 'Posts', icon: <FileTextOutlined /> },
  { path: '/admin/categories', name: 'Categories', icon: <AppstoreOutlined /> },
  { path: '/admin/tags', name: 'Tags', icon: <TagsOutlined /> },
  { path: '/admin/media', name: 'Media', icon: <PictureOutlined /> },
  { path: '/admin/comments', name: 'Comments', icon: <CommentOutlined /> },
  { path: '/admin/settings', name: 'Settings', icon: <SettingOutlined /> },
  { path: '/admin/projects', name: 'Projects', icon: <FolderOpenOutlined /> },
  { path: MAIL_QUEUE_PATH, name: 'Mail queue', icon: <MailOutlined /> },
];

/** Menu entries editors do not see (the pages answer 403 to them anyway). */
const ADMINS_ONLY = new Set(['/admin/projects']);

/** The document title's first part for a path: the page, or the menu section it belongs to. */
function pageName(pathname: string, section: string): string {
  if (/^\/admin\/posts\/new\/?$/.test(pathname)) return 'New Post';
  if (/^\/admin\/posts\/[^/]+\/?$/.test(pathname)) return 'Edit Post';
  if (/^\/admin\/media\/upload\/?$/.test(pathname)) return 'Upload Media';
  if (/^\/admin\/projects\/[^/]+\/?$/.test(pathname)) return 'Project';
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
      route={{
        path: '/admin',
        routes: MENU.filter((m) => !ADMINS_ONLY.has(m.path ?? '') || user?.role === 'admin'),
      }}
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
        <Outlet />
      </Suspense>
    </ProLayout>
  );
}
