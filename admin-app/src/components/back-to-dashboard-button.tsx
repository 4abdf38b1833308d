import { Button } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router-dom';

/** The "Back to Dashboard" button at the top right of the blog pages (PageContainer's `extra`). */
export function BackToDashboardButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin')}>
      Back to Dashboard
    </Button>
  );
}
