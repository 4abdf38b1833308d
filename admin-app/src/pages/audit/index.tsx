import { useState } from 'react';
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, type AuditEntryDto } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { formatDateTime } from '../../utils/format';
import { auditCsvUrl, listAudit, type AuditFilter } from './service';

const PAGE_SIZE = 50;
const ACTION_OPTIONS = Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, { text: a }]));

/** Only the date part: `to` is exclusive on the server, so a day picked means "up to the end of it". */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function changeText(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

interface Search {
  actorId?: string;
  action?: string;
  at?: [string, string];
}

export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});

  const columns: ProColumns<AuditEntryDto>[] = [
    {
      title: 'When',
      dataIndex: 'at',
      valueType: 'dateRange',
      width: 180,
      render: (_, e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
    },
    {
      title: 'Who',
      dataIndex: 'actorId',
      width: 160,
      fieldProps: { placeholder: 'User id' },
      render: (_, e) => (
        <span>
          {e.actorName ?? 'system'}
          {e.actorId ? <Typography.Text type="secondary"> #{e.actorId}</Typography.Text> : null}
        </span>
      ),
    },
    { title: 'Action', dataIndex: 'action', valueType: 'select', valueEnum: ACTION_OPTIONS, width: 190 },
    { title: 'What happened', dataIndex: 'summary', search: false },
    {
      title: 'Before → after',
      key: 'change',
      search: false,
      width: 280,
      render: (_, e) =>
        e.before || e.after ? (
          <Typography.Text style={{ fontSize: 12 }} ellipsis={{ tooltip: true }}>
            {changeText(e.before)} → {changeText(e.after)}
          </Typography.Text>
        ) : null,
    },
    { title: 'From', dataIndex: 'ip', search: false, width: 130 },
  ];

  return (
    <PageContainer
      title={<PageTitle>Audit log</PageTitle>}
      content="Every staff action that changes data: who, when, from where, and what changed. Entries cannot be edited or deleted."
      extra={[
        <Button key="csv" icon={<DownloadOutlined />} href={auditCsvUrl(filter)} download>
          Export CSV
        </Button>,
      ]}
    >
      <ProTable<AuditEntryDto, Search>
        rowKey="id"
        columns={columns}
        options={false}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false }}
        request={async (params) => {
          const next: AuditFilter = {
            actorId: params.actorId && /^\d+$/.test(params.actorId) ? Number(params.actorId) : undefined,
            action: params.action || undefined,
            from: params.at?.[0]?.slice(0, 10),
            to: params.at?.[1] ? dayAfter(params.at[1].slice(0, 10)) : undefined,
          };
          setFilter(next);
          const page = params.current ?? 1;
          const res = await listAudit(next, PAGE_SIZE, (page - 1) * PAGE_SIZE);
          return { data: res.entries, total: res.total, success: true };
        }}
      />
    </PageContainer>
  );
}
