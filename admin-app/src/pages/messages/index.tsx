/** /admin/messages: every contact message, newest first, with the drawer to read and answer it. */
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { Badge, Button, Tag, Typography } from 'antd';
import { CONTACT_SERVICES, type AdminMessageListItem } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { dateTimeColumn, searchColumn } from '../../components/table-columns';
import { useServerTable } from '../../hooks/use-server-table';
import { MessageDrawer, STATUS_COLOURS } from './components/message-drawer';
import { listMessages, UNREAD_QUERY_KEY } from './service';

export default function MessagesPage() {
  const queryClient = useQueryClient();
  const table = useServerTable<AdminMessageListItem>({
    load: listMessages,
    failure: 'Failed to fetch messages',
  });
  // `?open=<id>` (the dashboard's links) opens that message's drawer.
  const [params, setParams] = useSearchParams();
  const [openId, setOpenId] = useState<number | null>(() => {
    const id = Number(params.get('open'));
    return Number.isInteger(id) && id > 0 ? id : null;
  });

  const columns: ProColumns<AdminMessageListItem>[] = [
    searchColumn('Name, email or text'),
    {
      title: 'From',
      dataIndex: 'name',
      sorter: true,
      search: false,
      render: (_, m) => (
        <Button
          type="link"
          style={{ padding: 0, height: 'auto', textAlign: 'left' }}
          onClick={() => setOpenId(m.id)}
        >
          <span>
            {m.unread ? <Badge status="processing" aria-label="Unread" /> : null}{' '}
            <Typography.Text strong={m.unread}>{m.name}</Typography.Text>
            <br />
            <Typography.Text type="secondary">{m.email}</Typography.Text>
          </span>
        </Button>
      ),
    },
    {
      title: 'Service',
      dataIndex: 'service',
      valueType: 'select',
      valueEnum: Object.fromEntries(CONTACT_SERVICES.map((s) => [s.value, { text: s.label }])),
      render: (_, m) => m.serviceLabel,
    },
    {
      title: 'Message',
      dataIndex: 'preview',
      search: false,
      render: (_, m) => (
        <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 420 }}>
          {m.preview}
        </Typography.Paragraph>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: { new: { text: 'New' }, replied: { text: 'Replied' }, archived: { text: 'Archived' } },
      render: (_, m) => <Tag color={STATUS_COLOURS[m.status]}>{m.status}</Tag>,
    },
    { title: 'Replies', dataIndex: 'replies', search: false, width: 90 },
    dateTimeColumn('Received', 'createdAt', { defaultSortOrder: 'descend' }),
  ];

  return (
    <PageContainer
      title={<PageTitle>Messages</PageTitle>}
      content="Everything sent through the contact forms. Open one to read it, see its mails and reply."
    >
      <ProTable<AdminMessageListItem>
        {...table.tableProps}
        columns={columns}
        headerTitle="Inbox"
        scroll={{ x: 900 }}
      />
      <MessageDrawer
        id={openId}
        onClose={() => {
          setOpenId(null);
          if (params.has('open')) setParams({}, { replace: true });
          void table.reload();
        }}
        onChanged={() => {
          void table.reload();
          void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
        }}
      />
    </PageContainer>
  );
}
