import { useNavigate } from 'react-router-dom';
import { Button, Result } from 'antd';

export default function AdminNotFoundPage() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="404 Page Not Found"
      subTitle="This admin page does not exist."
      extra={
        <Button type="primary" onClick={() => navigate('/admin')}>
          Back to Dashboard
        </Button>
      }
    />
  );
}
