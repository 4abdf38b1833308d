import { useNavigate } from 'react-router-dom';
import { Button, Empty, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { StatusFilter } from '../service';

interface Props {
  search: string;
  status: StatusFilter;
  onClear(): void;
}

/** Spec §2: 'No posts found', why, and 'Create your first post'. */
export function PostsEmptyState({ search, status, onClear }: Props) {
  const navigate = useNavigate();
  const reason = search
    ? `No posts match your search "${search}"`
    : status !== 'all'
      ? `There are no ${status} posts.`
      : "You haven't created any blog posts yet.";
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <Space direction="vertical" size={2}>
          <Typography.Text strong>No posts found</Typography.Text>
          <Typography.Text type="secondary">{reason}</Typography.Text>
        </Space>
      }
    >
      <Space wrap style={{ justifyContent: 'center' }}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/admin/posts/new')}>
          Create your first post
        </Button>
        {search || status !== 'all' ? <Button onClick={onClear}>Show all posts</Button> : null}
      </Space>
    </Empty>
  );
}
