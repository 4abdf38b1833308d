/**
 * /admin/login: the staff sign-in (issue 22). /admin and its pages send a signed-out visitor
 * here with `?redirect=` set to where they were going; once signed in (two-factor step
 * included) they land there. Only paths of the staff area are honoured (`staffReturnPath`), so
 * the link cannot be made to send anyone elsewhere. No Register tab: staff accounts come by
 * invitation.
 */
import { useEffect, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router-dom';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, Space, Typography } from 'antd';
import {
  CURRENT_USER_QUERY_KEY,
  errorMessage,
  staffReturnPath,
  type AuthResponse,
  type LoginRequest,
  type PublicUser,
} from '@studio/shared';
import { AdminLogo } from '../../components/admin-logo';
import { FullPageSpin } from '../../components/full-page-spin';
import { useCurrentUser } from '../../hooks/use-current-user';
import { SITE_NAME } from '../../site-config';
import { signIn, signInSecondStep } from './service';

/** Pages the backend renders itself: reached with a full page load, not the router. */
const SERVER_PAGES = ['/admin/queues'];
const isServerPage = (path: string) =>
  SERVER_PAGES.some((p) => path === p || path.startsWith(`${p}/`) || path.startsWith(`${p}?`));

function Landing({ target }: { target: string }) {
  if (isServerPage(target)) {
    window.location.replace(target);
    return <FullPageSpin />;
  }
  return <Navigate to={target} replace />;
}

export default function StaffSignInPage() {
  const [params] = useSearchParams();
  const target = staffReturnPath(params.get('redirect') ?? '/admin');
  const { user, isLoading } = useCurrentUser();
  const queryClient = useQueryClient();
  const [challenge, setChallenge] = useState<string | null>(null);

  useEffect(() => {
    document.title = `Staff sign-in | ${SITE_NAME} Admin`;
  }, []);

  // The session is in the httpOnly cookies the answer set; the body's token is not kept.
  const signedIn = (res: AuthResponse) =>
    queryClient.setQueryData<PublicUser | null>(CURRENT_USER_QUERY_KEY, res.user);

  const password = useMutation({
    mutationFn: signIn,
    onSuccess: (res) => {
      if ('twoFactorRequired' in res) setChallenge(res.challenge);
      else signedIn(res);
    },
  });
  const code = useMutation({ mutationFn: signInSecondStep, onSuccess: signedIn });
  const failure = password.error ?? code.error;

  if (isLoading) return <FullPageSpin />;
  if (user) return <Landing target={target} />;

  return (
    <main style={{ maxWidth: 420, margin: '0 auto', padding: '12vh 16px 32px' }}>
      <Card>
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Space align="center">
            <AdminLogo />
            <Typography.Text strong>{SITE_NAME} Admin</Typography.Text>
          </Space>
          <h1 style={{ margin: 0, fontSize: 22 }}>Staff sign-in</h1>
          {target !== '/admin' ? (
            <Typography.Text type="secondary">You will go back to the page you asked for.</Typography.Text>
          ) : null}
          {failure ? (
            <Alert type="error" showIcon role="alert" message={errorMessage(failure, 'Sign-in failed')} />
          ) : null}
          {challenge ? (
            <Form<{ code: string }>
              layout="vertical"
              requiredMark={false}
              onFinish={(v) => code.mutate({ challenge, code: v.code.trim() })}
            >
              <Form.Item
                label="Code from your authenticator app"
                name="code"
                extra="Lost your phone? Enter one of your recovery codes instead."
                rules={[{ required: true, message: 'Enter the code.' }]}
              >
                <Input autoComplete="one-time-code" maxLength={32} autoFocus />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={code.isPending}>
                Verify
              </Button>
              <Button
                type="link"
                block
                onClick={() => {
                  setChallenge(null);
                  password.reset();
                  code.reset();
                }}
              >
                Start again
              </Button>
            </Form>
          ) : (
            <Form<LoginRequest>
              layout="vertical"
              requiredMark={false}
              onFinish={(v) => password.mutate({ username: v.username.trim(), password: v.password })}
            >
              <Form.Item
                label="Username or email"
                name="username"
                rules={[{ required: true, message: 'Enter your username or email.' }]}
              >
                <Input autoComplete="username" autoFocus />
              </Form.Item>
              <Form.Item
                label="Password"
                name="password"
                rules={[{ required: true, message: 'Enter your password.' }]}
              >
                <Input.Password autoComplete="current-password" />
              </Form.Item>
              <Button type="primary" htmlType="submit" block loading={password.isPending}>
                Sign in
              </Button>
            </Form>
          )}
          <Typography.Link href="/auth?forgot=1">Forgot your password?</Typography.Link>
        </Space>
      </Card>
    </main>
  );
}
