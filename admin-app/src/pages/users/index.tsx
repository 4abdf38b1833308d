import { useRef, useState } from 'react';
import {
  ModalForm,
  PageContainer,
  ProFormSelect,
  ProFormText,
  ProTable,
  type ActionType,
  type ProColumns,
} from '@ant-design/pro-components';
import { Button, Select, Space, Switch, Typography } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { MESSAGES, ROLES, type Role, type StaffUser } from '@studio/shared';
import { useConfirm } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { ToneTag } from '../../components/tone-tag';
import { useCurrentUser } from '../../hooks/use-current-user';
import { useToast } from '../../hooks/use-toast';
import { formatDateTime } from '../../utils/format';
import {
  changeRole,
  inviteStaff,
  listStaff,
  resendInvitation,
  resetTwoFactor,
  setActive,
  setRequireTwoFactor,
} from './service';

const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: r[0].toUpperCase() + r.slice(1) }));
const STATUS_TONE = { active: 'success', invited: 'warning', deactivated: 'neutral' } as const;

export default function UsersPage() {
  const toast = useToast();
  const { confirm } = useConfirm();
  const { user: me } = useCurrentUser();
  const actionRef = useRef<ActionType>();
  const [requireTwoFactor, setRequire] = useState(false);

  const act = async (action: () => Promise<{ message?: string }>, fallback: string) => {
    try {
      const res = await action();
      toast.success(res.message ?? 'Saved');
      await actionRef.current?.reload();
    } catch (err) {
      toast.failure(err, fallback);
    }
  };

  const confirmDeactivate = (u: StaffUser) =>
    confirm({
      title: `Deactivate ${u.username}?`,
      content:
        'They are signed out everywhere at once and can no longer sign in. You can reactivate them later.',
      okText: 'Deactivate',
      onOk: () => act(() => setActive(u.id, false), 'The account could not be deactivated.'),
    });

  const columns: ProColumns<StaffUser>[] = [
    {
      title: 'Person',
      dataIndex: 'username',
      render: (_, u) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>{u.displayName || u.username}</Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {u.username} · {u.email}
          </Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Role',
      dataIndex: 'role',
      width: 150,
      render: (_, u) => (
        <Select<Role>
          aria-label={`Role of ${u.username}`}
          size="small"
          value={u.role}
          options={ROLE_OPTIONS}
          style={{ width: 120 }}
          disabled={u.status === 'deactivated'}
          onChange={(role) => void act(() => changeRole(u.id, role), 'The role could not be changed.')}
        />
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      width: 120,
      render: (_, u) => <ToneTag tone={STATUS_TONE[u.status]}>{u.status}</ToneTag>,
    },
    {
      title: '2FA',
      dataIndex: 'twoFactorEnabled',
      width: 80,
      render: (_, u) => (u.twoFactorEnabled ? 'On' : 'Off'),
    },
    {
      title: 'Last sign-in',
      dataIndex: 'lastSignInAt',
      width: 170,
      render: (_, u) => (u.lastSignInAt ? formatDateTime(u.lastSignInAt) : '—'),
    },
    {
      title: 'Actions',
      key: 'actions',
      width: 260,
      render: (_, u) => (
        <Space size={4} wrap>
          {u.status === 'invited' && (
            <Button size="small" onClick={() => void act(() => resendInvitation(u.id), 'Not sent.')}>
              Re-send invitation
            </Button>
          )}
          {u.status === 'deactivated' ? (
            <Button size="small" onClick={() => void act(() => setActive(u.id, true), 'Not reactivated.')}>
              Reactivate
            </Button>
          ) : (
            u.id !== me?.id && (
              <Button size="small" danger onClick={() => confirmDeactivate(u)}>
                Deactivate
              </Button>
            )
          )}
          {u.twoFactorEnabled && u.id !== me?.id && (
            <Button size="small" onClick={() => void act(() => resetTwoFactor(u.id), 'Not reset.')}>
              Reset 2FA
            </Button>
          )}
        </Space>
      ),
    },
  ];

  return (
    <PageContainer
      title={<PageTitle>Users</PageTitle>}
      content="Invite staff, change roles and deactivate accounts. The last active admin can be neither demoted nor deactivated."
      extra={[
        <Space key="require" align="center">
          <Switch
            id="require-2fa"
            checked={requireTwoFactor}
            onChange={(value) =>
              void act(async () => {
                await setRequireTwoFactor(value);
                return { message: value ? 'Two-factor sign-in is now required' : '2FA is optional' };
              }, 'The setting could not be saved.')
            }
          />
          <label htmlFor="require-2fa">Require 2FA for all staff</label>
        </Space>,
        <ModalForm<{ email: string; role: Role; displayName?: string }>
          key="invite"
          title="Invite a person"
          trigger={
            <Button type="primary" icon={<UserAddOutlined />}>
              Invite
            </Button>
          }
          modalProps={{ destroyOnClose: true }}
          submitter={{ searchConfig: { submitText: 'Send invitation' } }}
          onFinish={async (values) => {
            try {
              const res = await inviteStaff(values);
              toast.success('Invitation sent', res.message);
              await actionRef.current?.reload();
              return true;
            } catch (err) {
              toast.failure(err, 'The invitation could not be sent.');
              return false;
            }
          }}
        >
          <ProFormText
            name="email"
            label="Email"
            rules={[{ required: true, type: 'email', message: MESSAGES.email }]}
          />
          <ProFormSelect
            name="role"
            label="Role"
            options={ROLE_OPTIONS}
            initialValue="editor"
            rules={[{ required: true }]}
          />
          <ProFormText name="displayName" label="Display name (optional)" />
        </ModalForm>,
      ]}
    >
      <ProTable<StaffUser>
        actionRef={actionRef}
        rowKey="id"
        columns={columns}
        search={false}
        options={false}
        pagination={false}
        request={async () => {
          const res = await listStaff();
          setRequire(res.requireTwoFactor);
          return { data: res.users, success: true, total: res.users.length };
        }}
      />
    </PageContainer>
  );
}
