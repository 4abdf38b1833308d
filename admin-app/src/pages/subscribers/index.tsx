/** /admin/subscribers: the newsletter list, with manual unsubscribe, deletion and CSV export. */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { App, Button, Tag } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { AdminSubscriber } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { actionsColumn, dateColumn, DeleteButton, searchColumn } from '../../components/table-columns';
import { useServerTable } from '../../hooks/use-server-table';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../utils/format';
import { deleteSubscriber, listSubscribers, SUBSCRIBERS_PATH, unsubscribe } from './service';

export default function SubscribersPage() {
  const toast = useToast();
  const { message } = App.useApp();
  const table = useServerTable<AdminSubscriber>({
    load: listSubscribers,
    failure: 'Failed to fetch subscribers',
    csvPath: SUBSCRIBERS_PATH,
  });

  const act = async (work: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await work();
      message.success(done);
      await table.reload();
    } catch (err) {
      toast.failure(err, failed);
    }
  };

  const columns: ProColumns<AdminSubscriber>[] = [
    searchColumn('Email or referrer'),
    { title: 'Email', dataIndex: 'email', sorter: true, search: false },
    {
      title: 'Referred by',
      dataIndex: 'referred',
      valueType: 'select',
      valueEnum: { yes: { text: 'Referred' }, no: { text: 'Not referred' } },
      render: (_, s) => s.referredBy ?? '',
    },
    {
      title: 'State',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: {
        pending: { text: 'Not confirmed' },
        active: { text: 'Active' },
        unsubscribed: { text: 'Unsubscribed' },
      },
      render: (_, s) =>
        s.unsubscribedAt ? (
          <Tag>Unsubscribed {formatDate(s.unsubscribedAt)}</Tag>
        ) : (
          <Tag color="green">Active</Tag>
        ),
    },
    dateColumn('Subscribed', 'createdAt', { defaultSortOrder: 'descend' }),
    actionsColumn((s) => (
      <>
        {!s.unsubscribedAt && (
          <Button
            size="small"
            onClick={() => act(() => unsubscribe(s.id), 'Unsubscribed', 'Failed to unsubscribe.')}
          >
            Unsubscribe
          </Button>
        )}
        <DeleteButton
          title={`Delete ${s.email}?`}
          description="Erases the address and the referral codes it generated. This cannot be undone."
          onConfirm={() => act(() => deleteSubscriber(s.id), 'Subscriber deleted', 'Failed to delete.')}
        />
      </>
    )),
  ];

  return (
    <PageContainer
      title={<PageTitle>Subscribers</PageTitle>}
      content="Everyone on the newsletter list: who referred them and whether they left."
      extra={[
        <Button key="csv" icon={<DownloadOutlined />} href={table.csvHref}>
          Export CSV
        </Button>,
      ]}
    >
      <ProTable<AdminSubscriber> {...table.tableProps} columns={columns} headerTitle="Subscribers" />
    </PageContainer>
  );
}
