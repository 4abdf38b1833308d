import { useState } from 'react';
import { Link } from 'react-router-dom';
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { Input, Segmented, Space, Typography } from 'antd';
import {
  formatPence,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  type ProjectStatus,
  type ProjectSummaryDto,
} from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { useToast } from '../../hooks/use-toast';
import { formatDate } from '../../utils/format';
import { AdminsOnly } from './components/admins-only';
import { ProjectBoard } from './components/project-board';
import { ProjectStatusTag } from './components/project-status-tag';
import { listProjects } from './service';

type StatusFilter = ProjectStatus | 'all';
const PAGE_SIZE = 20;
const FILTERS = [
  { value: 'all' as const, label: 'All' },
  ...PROJECT_STATUSES.map((s) => ({ value: s, label: PROJECT_STATUS_LABELS[s] })),
];

const columns: ProColumns<ProjectSummaryDto>[] = [
  {
    title: 'Client',
    dataIndex: 'customerEmail',
    render: (_, p) => (
      <Space direction="vertical" size={0}>
        <Link to={`/admin/projects/${p.id}`}>{p.customerName ?? p.customerEmail}</Link>
        {p.customerName && (
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {p.customerEmail}
          </Typography.Text>
        )}
      </Space>
    ),
  },
  { title: 'Service', dataIndex: 'serviceName', width: 200 },
  {
    title: 'Status',
    dataIndex: 'status',
    width: 150,
    render: (_, p) => <ProjectStatusTag status={p.status} />,
  },
  { title: 'Files', dataIndex: 'fileCount', width: 80 },
  {
    title: 'Paid / quoted',
    key: 'money',
    width: 140,
    render: (_, p) => `${formatPence(p.depositPence)} / ${formatPence(p.quotedPence)}`,
  },
  { title: 'Booked', dataIndex: 'createdAt', width: 130, render: (_, p) => formatDate(p.createdAt) },
];

function ProjectsList() {
  const toast = useToast();
  const [view, setView] = useState<'list' | 'board'>('list');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');

  const toolbar = (
    <Space wrap>
      <Segmented<'list' | 'board'>
        aria-label="View"
        options={[
          { value: 'list', label: 'List' },
          { value: 'board', label: 'Board' },
        ]}
        value={view}
        onChange={setView}
      />
      {view === 'list' && (
        <Segmented<StatusFilter> aria-label="Status" options={FILTERS} value={status} onChange={setStatus} />
      )}
      <Input.Search
        aria-label="Search projects"
        placeholder="Client or service"
        allowClear
        onSearch={(v) => setSearch(v.trim())}
        style={{ width: 220 }}
      />
    </Space>
  );

  return (
    <PageContainer
      title={<PageTitle>Projects</PageTitle>}
      content="Every paid booking opens a project: the client's files, their checks and the timeline."
    >
      {view === 'board' ? (
        <>
          <div style={{ marginBottom: 16 }}>{toolbar}</div>
          <ProjectBoard search={search || undefined} />
        </>
      ) : (
        <ProTable<ProjectSummaryDto, { status: StatusFilter; q: string }>
          rowKey="id"
          columns={columns}
          params={{ status, q: search }}
          search={false}
          options={false}
          cardBordered
          headerTitle={toolbar}
          pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
          request={async ({ status: s = 'all', q, current = 1, pageSize = PAGE_SIZE }) => {
            try {
              const res = await listProjects({
                status: s === 'all' ? undefined : s,
                search: q || undefined,
                page: current,
                limit: pageSize,
              });
              return { data: res.projects, total: res.total, success: true };
            } catch (err) {
              toast.failure(err, 'Failed to fetch projects');
              return { data: [], total: 0, success: false };
            }
          }}
          locale={{ emptyText: 'No projects yet. A project opens when a booking is paid.' }}
        />
      )}
    </PageContainer>
  );
}

export default function ProjectsPage() {
  return (
    <AdminsOnly>
      <ProjectsList />
    </AdminsOnly>
  );
}
