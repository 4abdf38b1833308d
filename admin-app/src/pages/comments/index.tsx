import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function CommentsPage() {
  return (
    <PageContainer title="Comments">
      <Typography.Paragraph>Review and approve readers’ comments here.</Typography.Paragraph>
    </PageContainer>
  );
}
