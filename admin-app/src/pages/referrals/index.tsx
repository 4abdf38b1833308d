/** /admin/referrals: every referral code, its owner, who used it, and voiding. */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Tag, Typography } from 'antd';
import { postJson, type AdminReferralCode, type ReferralState } from '@studio/shared';
import { ConfirmButton } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { dateColumn, searchColumn } from '../../components/table-columns';
import { useServerTable } from '../../hooks/use-server-table';
import { useToast } from '../../hooks/use-toast';
import { pagedRequest } from '../../utils/paged-request';

const PATH = '/api/admin/referrals';
const STATE_COLOURS: Record<ReferralState, string> = {
  available: 'green',
  used: 'blue',
  expired: 'default',
  void: 'red',
};

export default function ReferralsPage() {
  const toast = useToast();
  const { message } = App.useApp();
  const table = useServerTable<AdminReferralCode>({
    load: (params, sort) => pagedRequest<AdminReferralCode>(PATH, params, sort),
    failure: 'Failed to fetch referral codes',
  });

  const columns: ProColumns<AdminReferralCode>[] = [
    searchColumn('Code or email'),
    {
      title: 'Code',
      dataIndex: 'code',
      sorter: true,
      search: false,
      render: (_, c) => <Typography.Text code>{c.code}</Typography.Text>,
    },
    { title: 'Owner', dataIndex: 'generatedBy', search: false },
    { title: 'Used by', dataIndex: 'usedBy', search: false, render: (_, c) => c.usedBy ?? '' },
    {
      title: 'Discount',
      dataIndex: 'discountPercent',
      search: false,
      render: (_, c) => `${c.discountPercent}%`,
    },
    {
      title: 'State',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: {
        available: { text: 'Available' },
        used: { text: 'Used' },
        expired: { text: 'Expired' },
        void: { text: 'Void' },
      },
      render: (_, c) => <Tag color={STATE_COLOURS[c.state]}>{c.state}</Tag>,
    },
    dateColumn('Expires', 'expiresAt'),
    dateColumn('Created', 'createdAt', { defaultSortOrder: 'descend' }),
    {
      title: 'Actions',
      key: 'actions',
      search: false,
      render: (_, c) =>
        c.state === 'available' || c.state === 'expired' ? (
          <ConfirmButton
            title={`Void ${c.code}?`}
            description="Nobody will be able to use it any more."
            okText="Void"
            danger
            onConfirm={async () => {
              try {
                await postJson(`${PATH}/${c.id}/void`);
                message.success('Code voided');
                await table.reload();
              } catch (err) {
                toast.failure(err, 'Failed to void the code.');
              }
            }}
          >
            <Button size="small" danger>
              Void
            </Button>
          </ConfirmButton>
        ) : null,
    },
  ];

  return (
    <PageContainer
      title={<PageTitle>Referral codes</PageTitle>}
      content="Codes people generated to share. Void one to stop it being used."
    >
      <ProTable<AdminReferralCode>
        {...table.tableProps}
        columns={columns}
        headerTitle="Codes"
        scroll={{ x: 900 }}
      />
    </PageContainer>
  );
}
