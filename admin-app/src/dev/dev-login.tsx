// Standalone development only: the real login page belongs to the site remote, which is not
// running on :4202. Never part of the exposed module.
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Form, Input } from 'antd';
import {
  CURRENT_USER_QUERY_KEY,
  errorMessage,
  postJson,
  type AuthResponse,
  type LoginRequest,
} from '@studio/shared';

export function DevLogin() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { message } = App.useApp();

  const onFinish = async (values: LoginRequest) => {
    try {
      const res = await postJson<AuthResponse>('/api/login', values);
      // The session is in the httpOnly cookies the answer set; the body's token is not kept.
      queryClient.setQueryData(CURRENT_USER_QUERY_KEY, res.user);
      navigate('/admin', { replace: true });
    } catch (error) {
      message.error(errorMessage(error, 'Login failed'));
    }
  };

  return (
    <Card title="Admin dev server: log in" style={{ maxWidth: 400, margin: '15vh auto' }}>
      <Form<LoginRequest> layout="vertical" onFinish={onFinish}>
        <Form.Item label="Username or Email" name="username" rules={[{ required: true }]}>
          <Input autoComplete="username" />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block>
          Login
        </Button>
      </Form>
    </Card>
  );
}
