/**
 * /admin/audit: every staff action that changed data. Actions read in words and people by name;
 * a row's before/after opens in a drawer, so the table keeps to the page's width.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { Button, Descriptions, Drawer, Table, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { AUDIT_ACTIONS, auditActionLabel, displayNameOf, type AuditEntryDto } from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { formatDateTime } from '../../utils/format';
import { listStaff } from '../users/service';
import { auditCsvUrl, listAudit, type AuditFilter } from './service';

const PAGE_SIZE = 50;
const ACTION_OPTIONS = Object.fromEntries(AUDIT_ACTIONS.map((a) => [a, { text: auditActionLabel(a) }]));

/** Only the date part: `to` is exclusive on the server, so a day picked means "up to the end of it". */
const dayAfter = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value, null, 2);
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

interface ChangeRow {
  field: string;
  before: unknown;
  after: unknown;
}

/** Field by field when both sides are objects; otherwise the two values side by side. */
function changeRows(before: unknown, after: unknown): ChangeRow[] {
  if (isRecord(before) || isRecord(after)) {
    const b = isRecord(before) ? before : {};
    const a = isRecord(after) ? after : {};
    return [...new Set([...Object.keys(b), ...Object.keys(a)])].map((field) => ({
      field,
      before: b[field],
      after: a[field],
    }));
  }
  return [{ field: 'Value', before, after }];
}

const Pre = ({ children }: { children: string }) => (
  <pre style={{ margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-word', fontSize: 12 }}>{children}</pre>
);

function EntryDrawer({ entry, onClose }: { entry: AuditEntryDto | null; onClose: () => void }) {
  const changed = entry && (entry.before !== null || entry.after !== null);
  return (
    <Drawer
      open={entry !== null}
      onClose={onClose}
      width={560}
      title={entry ? auditActionLabel(entry.action) : ''}
      destroyOnClose
    >
      {entry ? (
        <>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="When">{formatDateTime(entry.at)}</Descriptions.Item>
            <Descriptions.Item label="Who">{entry.actorName ?? 'The system'}</Descriptions.Item>
            <Descriptions.Item label="What happened">{entry.summary}</Descriptions.Item>
            {entry.targetType ? (
              <Descriptions.Item label="Record">
                {entry.targetType} {entry.targetId ?? ''}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label="From">{entry.ip ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Recorded as">
              <code>{entry.action}</code>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={3} style={{ fontSize: 16, marginTop: 24 }}>
            Before and after
          </Typography.Title>
          {changed ? (
            <Table<ChangeRow>
              size="small"
              pagination={false}
              rowKey="field"
              dataSource={changeRows(entry.before, entry.after)}
              columns={[
                { title: 'Field', dataIndex: 'field', width: 120 },
                { title: 'Before', key: 'before', render: (_, r) => <Pre>{valueText(r.before)}</Pre> },
                { title: 'After', key: 'after', render: (_, r) => <Pre>{valueText(r.after)}</Pre> },
              ]}
            />
          ) : (
            <Typography.Paragraph>This action recorded no values.</Typography.Paragraph>
          )}
        </>
      ) : null}
    </Drawer>
  );
}

interface Search {
  actorId?: number;
  action?: string;
  at?: [string, string];
}

export default function AuditPage() {
  const [filter, setFilter] = useState<AuditFilter>({});
  const [open, setOpen] = useState<AuditEntryDto | null>(null);
  const staff = useQuery({ queryKey: ['/api/admin/users'], queryFn: listStaff });
  const staffOptions = Object.fromEntries(
    (staff.data?.users ?? []).map((u) => [u.id, { text: displayNameOf(u) }]),
  );

  const columns: ProColumns<AuditEntryDto>[] = [
    {
      title: 'When',
      dataIndex: 'at',
      valueType: 'dateRange',
      render: (_, e) => <time dateTime={e.at}>{formatDateTime(e.at)}</time>,
    },
    {
      title: 'Who',
      dataIndex: 'actorId',
      valueType: 'select',
      valueEnum: staffOptions,
      fieldProps: { showSearch: true, placeholder: 'Anyone' },
      render: (_, e) => e.actorName ?? 'The system',
    },
    {
      title: 'Action',
      dataIndex: 'action',
      valueType: 'select',
      valueEnum: ACTION_OPTIONS,
      fieldProps: { showSearch: true, placeholder: 'Any action' },
      render: (_, e) => auditActionLabel(e.action),
    },
    {
      title: 'What happened',
      dataIndex: 'summary',
      search: false,
      render: (_, e) => <span style={{ overflowWrap: 'anywhere' }}>{e.summary}</span>,
    },
    {
      title: 'Details',
      key: 'details',
      search: false,
      render: (_, e) => {
        const shown = e.before !== null || e.after !== null ? 'Before and after' : 'Details';
        // The name starts with the shown words (WCAG 2.5.3), then says which row it opens.
        return (
          <Button
            size="small"
            onClick={() => setOpen(e)}
            aria-label={`${shown}: "${auditActionLabel(e.action)}" on ${formatDateTime(e.at)}`}
          >
            {shown}
          </Button>
        );
      },
    },
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
        tableLayout="auto"
        // On a phone the table scrolls inside its card; the page itself never scrolls sideways.
        scroll={{ x: 'max-content' }}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false }}
        request={async (params) => {
          const actorId = Number(params.actorId);
          const next: AuditFilter = {
            actorId: Number.isInteger(actorId) && actorId > 0 ? actorId : undefined,
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
      <EntryDrawer entry={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
