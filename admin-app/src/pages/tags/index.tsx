import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function TagsPage() {
  return (
    <PageContainer title="Tags">
      <Typography.Paragraph>Create, rename and remove blog tags here.</Typography.Paragraph>
    </PageContainer>
  );
}
