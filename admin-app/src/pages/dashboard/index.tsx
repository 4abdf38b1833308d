import { Link, useNavigate } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '@ant-design/pro-components';
import { Alert, Button, Card, Col, Row, Space, Typography } from 'antd';
import {
  AppstoreOutlined,
  CommentOutlined,
  EditOutlined,
  FileDoneOutlined,
  FileTextOutlined,
  MailOutlined,
  PictureOutlined,
  PoundOutlined,
  TagsOutlined,
  UnorderedListOutlined,
  UserAddOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { displayNameOf, formatPence } from '@studio/shared';
import { canSeeBackOffice } from '../../access';
import { PageTitle } from '../../components/page-title';
import { useCurrentUser } from '../../hooks/use-current-user';
import { RecentPosts } from './components/recent-posts';
import { StatCard } from './components/stat-card';
import { StudioCharts } from './components/studio-charts';
import { WorkList } from './components/work-list';
import { getBlogStats, getCharts, getMessagingStats, getPaymentStats, getRecentPosts } from './service';

/** Served by the backend (bull-board): a full page load. */
const MAIL_QUEUE_PATH = '/admin/queues';
// Counts change whenever anyone writes: read them again each time the dashboard opens.
const FRESH = { refetchOnMount: 'always' } as const;

export default function DashboardPage() {
  const { user } = useCurrentUser();
  const backOffice = canSeeBackOffice(user);
  const navigate = useNavigate();
  const blog = useQuery({ queryKey: ['/api/admin/blog/stats'], queryFn: getBlogStats, ...FRESH });
  const recent = useQuery({
    queryKey: ['/api/admin/blog/posts', 'recent'],
    queryFn: getRecentPosts,
    ...FRESH,
  });
  const messaging = useQuery({
    queryKey: ['/api/admin/stats/messaging'],
    queryFn: getMessagingStats,
    ...FRESH,
  });
  const payments = useQuery({ queryKey: ['/api/admin/stats/payments'], queryFn: getPaymentStats, ...FRESH });
  const charts = useQuery({
    queryKey: ['/api/admin/stats/charts'],
    queryFn: getCharts,
    enabled: backOffice,
    ...FRESH,
  });

  const stats = blog.data;
  const studioCards = [
    messaging.data && {
      title: 'New messages this month',
      value: messaging.data.contactsThisMonth,
      icon: <MailOutlined />,
      footer: backOffice ? <Link to="/admin/messages">Open the inbox</Link> : null,
    },
    messaging.data && {
      title: 'New subscribers this month',
      value: messaging.data.subscribersThisMonth,
      icon: <UserAddOutlined />,
      footer: backOffice ? <Link to="/admin/subscribers">See subscribers</Link> : null,
    },
    payments.data && {
      title: 'Paid deposits this month',
      value: payments.data.paidDepositsThisMonth,
      icon: <PoundOutlined />,
      footer:
        payments.data.paidDepositsAmountThisMonth !== undefined ? (
          <Link to="/admin/payments">{formatPence(payments.data.paidDepositsAmountThisMonth)} received</Link>
        ) : null,
    },
    messaging.data && {
      title: 'Failed mail jobs',
      value: messaging.data.failedMailJobs,
      icon: <WarningOutlined />,
      footer: <a href={MAIL_QUEUE_PATH}>Open the mail queue</a>,
    },
  ].filter((c): c is Exclude<typeof c, null | undefined | false> => Boolean(c));

  return (
    <PageContainer title={<PageTitle>Dashboard</PageTitle>}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Title level={2} style={{ margin: 0, fontSize: 22 }}>
          Welcome back, {user ? displayNameOf(user) : ''}
        </Typography.Title>

        {/* The work waiting leads; the blog's counters follow. */}
        {backOffice ? <WorkList /> : null}

        {blog.error ? <Alert type="error" showIcon message="Could not load the blog numbers." /> : null}
        <Row gutter={[16, 16]}>
          <Col xs={12} lg={6}>
            <StatCard
              title="Total Posts"
              value={stats?.publishedPosts}
              icon={<FileDoneOutlined />}
              loading={blog.isLoading}
            />
          </Col>
          <Col xs={12} lg={6}>
            <StatCard
              title="Categories"
              value={stats?.categories}
              icon={<AppstoreOutlined />}
              loading={blog.isLoading}
            />
          </Col>
          <Col xs={12} lg={6}>
            <StatCard title="Tags" value={stats?.tags} icon={<TagsOutlined />} loading={blog.isLoading} />
          </Col>
          <Col xs={12} lg={6}>
            <StatCard
              title="Draft Posts"
              value={stats?.draftPosts}
              icon={<FileTextOutlined />}
              loading={blog.isLoading}
            />
          </Col>
        </Row>

        <Row gutter={[16, 16]}>
          <Col xs={24} xl={14}>
            <RecentPosts posts={recent.data} loading={recent.isLoading} failed={Boolean(recent.error)} />
          </Col>
          <Col xs={24} xl={10}>
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Quick actions</h2>}>
                <Space wrap>
                  <Button type="primary" icon={<EditOutlined />} onClick={() => navigate('/admin/posts/new')}>
                    New Post
                  </Button>
                  <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/admin/posts')}>
                    Manage Posts
                  </Button>
                  <Button icon={<AppstoreOutlined />} onClick={() => navigate('/admin/categories')}>
                    Categories
                  </Button>
                  <Button icon={<TagsOutlined />} onClick={() => navigate('/admin/tags')}>
                    Tags
                  </Button>
                  <Button icon={<PictureOutlined />} onClick={() => navigate('/admin/media/upload')}>
                    Upload Media
                  </Button>
                  <Button icon={<CommentOutlined />} onClick={() => navigate('/admin/comments')}>
                    {stats?.pendingComments
                      ? `Review comments (${stats.pendingComments} pending)`
                      : 'Review comments'}
                  </Button>
                </Space>
              </Card>
              {studioCards.length ? (
                <Card title={<h2 style={{ margin: 0, fontSize: 16 }}>Studio this month</h2>}>
                  <Row gutter={[12, 12]}>
                    {studioCards.map((card) => (
                      <Col key={card.title} xs={12}>
                        <StatCard {...card} />
                      </Col>
                    ))}
                  </Row>
                </Card>
              ) : null}
            </Space>
          </Col>
        </Row>

        {backOffice ? (
          <StudioCharts charts={charts.data} loading={charts.isLoading} failed={Boolean(charts.error)} />
        ) : null}
      </Space>
    </PageContainer>
  );
}
