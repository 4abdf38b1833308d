import { Link } from 'react-router-dom';
import { Card, Empty, List, Skeleton, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { BlogPostDto } from '@studio/shared';
import { PostStatusTag } from '../../../components/post-status-tag';
import { formatDate } from '../../../utils/format';

interface Props {
  posts: BlogPostDto[] | undefined;
  loading: boolean;
  failed: boolean;
}

/** The five most recently updated posts: title, Published or Draft, updated date, edit link. */
export function RecentPosts({ posts, loading, failed }: Props) {
  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 16 }}>Recent posts</h2>}
      extra={<Link to="/admin/posts">All posts</Link>}
    >
      {loading ? (
        <Skeleton active />
      ) : failed ? (
        <Typography.Text type="danger">Failed to fetch blog posts</Typography.Text>
      ) : !posts?.length ? (
        <Empty description="No posts yet." image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          itemLayout="horizontal"
          dataSource={posts}
          renderItem={(post) => (
            <List.Item
              actions={[
                <Link key="edit" to={`/admin/posts/${post.id}`} aria-label={`Edit ${post.title}`}>
                  <EditOutlined /> Edit
                </Link>,
              ]}
            >
              <List.Item.Meta
                title={<Link to={`/admin/posts/${post.id}`}>{post.title}</Link>}
                description={
                  <span>
                    <PostStatusTag status={post.status === 'published' ? 'published' : 'draft'} />{' '}
                    <Typography.Text type="secondary">Updated {formatDate(post.updatedAt)}</Typography.Text>
                  </span>
                }
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
