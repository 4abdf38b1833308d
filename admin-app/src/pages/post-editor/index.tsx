import { useParams } from 'react-router-dom';
import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function PostEditorPage() {
  const { postId } = useParams();
  return (
    <PageContainer title={postId ? 'Edit Post' : 'New Post'}>
      <Typography.Paragraph>The post editor (content, settings and SEO) will live here.</Typography.Paragraph>
    </PageContainer>
  );
}
