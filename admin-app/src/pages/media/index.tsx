import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function MediaPage() {
  return (
    <PageContainer title="Media">
      <Typography.Paragraph>Upload images and manage the media library here.</Typography.Paragraph>
    </PageContainer>
  );
}
