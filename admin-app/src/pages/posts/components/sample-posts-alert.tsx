import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useCurrentUser } from '../../../hooks/use-current-user';
import { useConfirm } from '../../../components/confirm';
import { countSamplePosts, removeSamplePosts } from '../service';

const SAMPLES_QUERY_KEY = ['/api/admin/blog/samples'];

/**
 * The first start's sample posts (issue 28), for admins while any are left: what they are, and
 * one button that removes them all. `onRemoved` reloads the list.
 */
export function SamplePostsAlert({ onRemoved }: { onRemoved: () => void }) {
  const { user } = useCurrentUser();
  const { confirmAction } = useConfirm();
  const queryClient = useQueryClient();
  const samples = useQuery({
    queryKey: SAMPLES_QUERY_KEY,
    queryFn: countSamplePosts,
    enabled: user?.role === 'admin',
  });
  const count = samples.data?.samplePosts ?? 0;
  if (!count) return null;

  const confirmRemove = () => {
    confirmAction({
      title: 'Remove the sample posts?',
      content: `The ${count} sample posts are deleted with their pictures, and the sample categories and tags your own posts do not use. They will not come back.`,
      okText: 'Remove sample posts',
      run: removeSamplePosts,
      // The server's count: another admin may have removed some in the meantime.
      success: ({ posts }) => [
        'Sample posts removed',
        `${posts === 1 ? 'One sample post is' : `${posts} sample posts are`} gone: the blog is yours.`,
      ],
      failure: 'Failed to remove the sample posts',
      after: async () => {
        await queryClient.invalidateQueries({ queryKey: SAMPLES_QUERY_KEY });
        onRemoved();
      },
    });
  };

  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 16 }}
      message="These are sample posts"
      // The button sits under the text (not in the Alert's action slot), so on a phone the text
      // keeps the card's width instead of a column beside the button.
      description={
        <>
          <p style={{ margin: '0 0 12px' }}>
            {`${count === 1 ? 'One post' : `${count} posts`} came with the first start as samples, so the site would not open on an empty blog. Keep them while you write your own, or remove them all at once: your own posts stay.`}
          </p>
          <Button danger icon={<DeleteOutlined />} onClick={confirmRemove}>
            Remove sample posts
          </Button>
        </>
      }
    />
  );
}
