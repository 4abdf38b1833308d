import { useNavigate } from 'react-router-dom';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Space, Typography } from 'antd';
import { EditOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { displayNameOf } from '@studio/shared';
import { useCurrentUser } from '../../hooks/use-current-user';

export default function DashboardPage() {
  const { user } = useCurrentUser();
  const navigate = useNavigate();
  return (
    <PageContainer title="Dashboard">
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Welcome back, {user ? displayNameOf(user) : ''}
        </Typography.Title>
        <Card title="Quick actions">
          <Space wrap>
            <Button type="primary" icon={<EditOutlined />} onClick={() => navigate('/admin/posts/new')}>
              New Post
            </Button>
            <Button icon={<UnorderedListOutlined />} onClick={() => navigate('/admin/posts')}>
              Manage Posts
            </Button>
          </Space>
        </Card>
      </Space>
    </PageContainer>
  );
}
