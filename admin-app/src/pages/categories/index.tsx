import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function CategoriesPage() {
  return (
    <PageContainer title="Categories">
      <Typography.Paragraph>Create, rename and remove blog categories here.</Typography.Paragraph>
    </PageContainer>
  );
}
