import { useState } from 'react';
import { PageContainer, ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_RULES, LIMITS, MESSAGES, type TwoFactorEnrolment } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useToast } from '../../hooks/use-toast';
import {
  changePassword,
  confirmTwoFactor,
  disableTwoFactor,
  getTwoFactorStatus,
  newRecoveryCodes,
  startTwoFactor,
  TWO_FACTOR_QUERY_KEY,
} from './service';

function PasswordCard() {
  const toast = useToast();
  const [form] = Form.useForm<{ currentPassword: string; newPassword: string; confirm: string }>();
  return (
    <ProCard title="Change password" bordered headerBordered>
      <ProForm
        form={form}
        submitter={{ searchConfig: { submitText: 'Change password' }, resetButtonProps: false }}
        onFinish={async (values) => {
          try {
            const res = await changePassword({
              currentPassword: values.currentPassword,
              newPassword: values.newPassword,
            });
            toast.success('Password changed', res.message);
            form.resetFields();
            return true;
          } catch (err) {
            toast.failure(err, 'The password could not be changed.');
            return false;
          }
        }}
      >
        <ProFormText.Password
          name="currentPassword"
          label="Current password"
          fieldProps={{ autoComplete: 'current-password' }}
          rules={[{ required: true, message: 'Current password is required' }]}
        />
        <ProFormText.Password
          name="newPassword"
          label="New password"
          extra={`${MESSAGES.passwordHint} Very common passwords are refused.`}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[{ required: true, min: LIMITS.user.passwordMin, message: MESSAGES.passwordHint }]}
        />
        <ProFormText.Password
          name="confirm"
          label="Repeat the new password"
          dependencies={['newPassword']}
          fieldProps={{ autoComplete: 'new-password' }}
          rules={[
            { required: true, message: 'Please repeat the new password' },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                !value || value === getFieldValue('newPassword')
                  ? Promise.resolve()
                  : Promise.reject(new Error('The two passwords do not match.')),
            }),
          ]}
        />
      </ProForm>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        Changing your password signs out every other browser where you are signed in.
      </Typography.Paragraph>
    </ProCard>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <Alert
      type="warning"
      showIcon
      message="Save your recovery codes"
      description={
        <>
          <Typography.Paragraph>
            Each code signs you in once if you lose your phone. They are shown only now: store them somewhere
            safe.
          </Typography.Paragraph>
          <Typography.Paragraph copyable={{ text: codes.join('\n') }} style={{ marginBottom: 0 }}>
            <code data-testid="recovery-codes" style={{ whiteSpace: 'pre' }}>
              {codes.join('\n')}
            </code>
          </Typography.Paragraph>
        </>
      }
    />
  );
}

function TwoFactorCard() {
  const toast = useToast();
  const queryClient = useQueryClient();
  const status = useQuery({ queryKey: TWO_FACTOR_QUERY_KEY, queryFn: getTwoFactorStatus });
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    try {
      await action();
      setCode('');
      await queryClient.invalidateQueries({ queryKey: TWO_FACTOR_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['/api/user'] });
    } catch (err) {
      toast.failure(err, fallback);
    } finally {
      setBusy(false);
    }
  };

  const enabled = status.data?.enabled ?? false;
  const codeInput = (
    <Input
      aria-label="Authentication code"
      placeholder="123456"
      autoComplete="one-time-code"
      maxLength={32}
      value={code}
      onChange={(e) => setCode(e.target.value)}
      style={{ width: 200 }}
    />
  );

  return (
    <ProCard title="Two-factor sign-in" bordered headerBordered loading={status.isLoading}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        {status.data?.required && !enabled && (
          <Alert
            type="error"
            showIcon
            message="The studio requires two-factor sign-in for staff. Set it up to use the admin area."
          />
        )}
        {codes && <RecoveryCodes codes={codes} />}
        {enabled ? (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>
              Two-factor sign-in is <strong>on</strong>. {status.data?.recoveryCodesLeft ?? 0} of{' '}
              {ACCOUNT_RULES.recoveryCodeCount} recovery codes left.
            </Typography.Paragraph>
            <Space wrap>
              {codeInput}
              <Button
                disabled={busy || !code.trim()}
                onClick={() =>
                  void run(
                    async () => setCodes((await newRecoveryCodes(code.trim())).recoveryCodes),
                    'Wrong code.',
                  )
                }
              >
                New recovery codes
              </Button>
              <Button
                danger
                disabled={busy || !code.trim() || status.data?.required}
                onClick={() =>
                  void run(async () => {
                    await disableTwoFactor(code.trim());
                    setCodes(null);
                    toast.success('Two-factor sign-in is off');
                  }, 'Two-factor sign-in could not be turned off.')
                }
              >
                Turn off
              </Button>
            </Space>
          </>
        ) : enrolment ? (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>
              Scan this code with an authenticator app (Google Authenticator, 1Password, Authy…), then enter
              the six-digit code it shows.
            </Typography.Paragraph>
            <img
              src={enrolment.qrCodeDataUrl}
              alt="QR code for your authenticator app"
              width={200}
              height={200}
            />
            <Typography.Text>
              Or type this key:{' '}
              <Typography.Text code copyable data-testid="totp-secret">
                {enrolment.secret}
              </Typography.Text>
            </Typography.Text>
            <Space wrap>
              {codeInput}
              <Button
                type="primary"
                disabled={busy || !code.trim()}
                onClick={() =>
                  void run(async () => {
                    const res = await confirmTwoFactor(code.trim());
                    setCodes(res.recoveryCodes);
                    setEnrolment(null);
                    toast.success('Two-factor sign-in is on');
                  }, 'That code is not correct.')
                }
              >
                Confirm
              </Button>
            </Space>
          </>
        ) : (
          <>
            <Typography.Paragraph style={{ margin: 0 }}>
              Protect your account with a code from your phone in addition to your password.
            </Typography.Paragraph>
            <Button
              type="primary"
              disabled={busy}
              onClick={() =>
                void run(
                  async () => setEnrolment(await startTwoFactor()),
                  'Two-factor set-up could not start.',
                )
              }
            >
              Set up two-factor sign-in
            </Button>
          </>
        )}
      </Space>
    </ProCard>
  );
}

export default function ProfilePage() {
  const { user } = useCurrentUser();
  return (
    <PageContainer
      title={<PageTitle>Your profile</PageTitle>}
      content={user ? `Signed in as ${user.username} (${user.email}), ${user.role}.` : undefined}
    >
      <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
        <TwoFactorCard />
        <PasswordCard />
      </Space>
    </PageContainer>
  );
}
