import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function PostsPage() {
  return (
    <PageContainer title="Posts">
      <Typography.Paragraph>Search, filter and manage blog posts here.</Typography.Paragraph>
    </PageContainer>
  );
}
