import { useCallback } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { PageContainer } from '@ant-design/pro-components';
import { Button, Card, Result, Skeleton } from 'antd';
import type { BlogPostDto } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { isNotFound } from '../../utils/errors';
import { PostEditor } from './components/post-editor';
import { getPost, postQueryKey } from './service';

/** Editors that created their post in this page load and carry on at the post's address. */
const liveSessions = new Set<string>();

interface EditorLocationState {
  /** Set when a new post was just created: the same editor carries on at its new address. */
  editorSession?: string;
}

/**
 * /admin/posts/new and /admin/posts/{id}: loads the post, then hands it to the editor. After
 * the first save of a new post the address becomes /admin/posts/{id} without remounting the
 * editor, so nothing typed in the meantime is lost.
 */
export default function PostEditorPage() {
  const { postId = 'new' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as EditorLocationState;
  const isNew = postId === 'new';
  const id = isNew ? null : Number(postId);
  const validId = id !== null && Number.isInteger(id) && id > 0;
  const session = state.editorSession ?? `${postId}:${location.key}`;
  // After a reload the session is gone (and so is the editor): load the post as usual.
  const carriedOn = !!state.editorSession && liveSessions.has(state.editorSession);

  const query = useQuery({
    queryKey: postQueryKey(validId ? id : 0),
    queryFn: () => getPost(id as number),
    enabled: validId && !carriedOn,
    refetchOnMount: 'always',
  });

  const onCreated = useCallback(
    (post: BlogPostDto) => {
      liveSessions.add(session);
      navigate(`/admin/posts/${post.id}`, { replace: true, state: { editorSession: session } });
    },
    [navigate, session],
  );

  if (isNew || carriedOn)
    return <PostEditor key={session} initialPost={query.data ?? null} onCreated={onCreated} />;

  const back = (
    <Button type="primary" onClick={() => navigate('/admin/posts')}>
      Back to Posts
    </Button>
  );
  if (!validId || isNotFound(query.error)) {
    return (
      <PageContainer title={<PageTitle>Post Not Found</PageTitle>}>
        <Result
          status="404"
          title="This post does not exist"
          subTitle="It may have been deleted."
          extra={back}
        />
      </PageContainer>
    );
  }
  if (query.error) {
    return (
      <PageContainer title={<PageTitle>Edit Post</PageTitle>}>
        <Result
          status="error"
          title="Could not load the post"
          subTitle="Please check your connection and try again."
          extra={[
            <Button key="retry" onClick={() => void query.refetch()}>
              Try again
            </Button>,
            back,
          ]}
        />
      </PageContainer>
    );
  }
  if (!query.data || !query.isFetchedAfterMount) {
    return (
      <PageContainer title={<PageTitle>Edit Post</PageTitle>}>
        <Card>
          <Skeleton active paragraph={{ rows: 12 }} />
        </Card>
      </PageContainer>
    );
  }
  return <PostEditor key={session} initialPost={query.data} onCreated={onCreated} />;
}
