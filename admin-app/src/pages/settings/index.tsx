import { PageContainer } from '@ant-design/pro-components';
import { Typography } from 'antd';

export default function SettingsPage() {
  return (
    <PageContainer title="Settings">
      <Typography.Paragraph>
        Blog name, description and social links will be edited here.
      </Typography.Paragraph>
    </PageContainer>
  );
}
