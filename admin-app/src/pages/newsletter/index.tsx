/** /admin/newsletter: every issue with its state and delivery counts; write a new one. */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router-dom';
import type { AdminNewsletterIssue } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { searchColumn } from '../../components/table-columns';
import { useServerTable } from '../../hooks/use-server-table';
import { formatDateTime } from '../../utils/format';
import { IssueProgress } from './components/issue-progress';
import { IssueStateTag } from './components/issue-state-tag';
import { listIssues } from './service';

export default function NewsletterPage() {
  const table = useServerTable<AdminNewsletterIssue>({
    load: listIssues,
    failure: 'Failed to fetch newsletter issues',
  });
  const navigate = useNavigate();

  const columns: ProColumns<AdminNewsletterIssue>[] = [
    searchColumn('Subject'),
    {
      title: 'Subject',
      dataIndex: 'subject',
      search: false,
      render: (_, i) => <Link to={`/admin/newsletter/${i.id}`}>{i.subject}</Link>,
    },
    {
      title: 'State',
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: {
        draft: { text: 'Draft' },
        sending: { text: 'Sending' },
        paused: { text: 'Paused' },
        sent: { text: 'Sent' },
      },
      render: (_, i) => <IssueStateTag state={i.state} />,
    },
    {
      title: 'Delivery',
      key: 'progress',
      search: false,
      render: (_, i) => (i.state === 'draft' ? '' : <IssueProgress progress={i.progress} compact />),
    },
    {
      title: 'Created',
      dataIndex: 'createdAt',
      search: false,
      render: (_, i) => `${formatDateTime(i.createdAt)}${i.createdBy ? ` by ${i.createdBy}` : ''}`,
    },
    {
      title: 'Sent',
      dataIndex: 'sendStartedAt',
      search: false,
      render: (_, i) =>
        i.sendStartedAt ? `${formatDateTime(i.sendStartedAt)}${i.sentBy ? ` by ${i.sentBy}` : ''}` : '',
    },
  ];

  return (
    <PageContainer
      title={<PageTitle>Newsletter</PageTitle>}
      content="Write an issue, preview it, mail yourself a test, then send it to every confirmed subscriber."
      extra={[
        <Button
          key="new"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => navigate('/admin/newsletter/new')}
        >
          New issue
        </Button>,
      ]}
    >
      <ProTable<AdminNewsletterIssue> {...table.tableProps} columns={columns} headerTitle="Issues" />
    </PageContainer>
  );
}
