import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PageContainer, ProCard } from '@ant-design/pro-components';
import {
  Alert,
  Button,
  Descriptions,
  Input,
  Modal,
  Result,
  Space,
  Spin,
  Table,
  Timeline,
  Typography,
} from 'antd';
import { ArrowLeftOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  ApiError,
  formatPence,
  LIMITS,
  nextStatuses,
  PROJECT_STATUS_LABELS,
  type ProbeResult,
  type ProjectDetailDto,
  type ProjectFileDto,
  type ProjectStatus,
} from '@studio/shared';
import { PageTitle } from '../../components/page-title';
import { useToast } from '../../hooks/use-toast';
import { formatBytes, formatDateTime } from '../../utils/format';
import { AdminsOnly } from '../projects/components/admins-only';
import { ProjectStatusTag } from '../projects/components/project-status-tag';
import { ReviewCard } from './review-card';
import {
  acceptFiles,
  addNote,
  changeStatus,
  clientFileUrl,
  clientFilesZipUrl,
  getProject,
  requestFiles,
} from '../projects/service';

function probeText(p: ProbeResult | null): string {
  if (!p) return '—';
  return [
    p.format,
    p.codec,
    p.sampleRate && `${p.sampleRate} Hz`,
    p.bitDepth && `${p.bitDepth}-bit`,
    p.channels && `${p.channels} ch`,
    p.durationSec !== undefined && `${p.durationSec.toFixed(2)} s`,
    p.peakDb !== undefined && `peak ${p.peakDb.toFixed(1)} dBFS`,
    p.meanDb !== undefined && `mean ${p.meanDb.toFixed(1)} dBFS`,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** A client's file as it arrived: whole and of an accepted type. */
const downloadable = (f: ProjectFileDto) => f.status === 'stored' || f.status === 'probed';

const fileColumns = (projectId: string) => [
  { title: 'File', dataIndex: 'name', key: 'name' },
  { title: 'Type', dataIndex: 'kind', key: 'kind', width: 70 },
  { title: 'Size', key: 'size', width: 100, render: (_: unknown, f: ProjectFileDto) => formatBytes(f.size) },
  { title: 'Probe', key: 'probe', render: (_: unknown, f: ProjectFileDto) => probeText(f.probe) },
  {
    title: 'Warnings',
    key: 'warnings',
    render: (_: unknown, f: ProjectFileDto) =>
      f.warnings.length ? (
        <Typography.Text type="warning">{f.warnings.join(' ')}</Typography.Text>
      ) : f.status === 'stored' ? (
        'Checking…'
      ) : (
        '—'
      ),
  },
  {
    title: 'SHA-256',
    key: 'sha',
    width: 120,
    render: (_: unknown, f: ProjectFileDto) =>
      f.sha256 ? (
        <Typography.Text copyable={{ text: f.sha256 }}>{f.sha256.slice(0, 10)}…</Typography.Text>
      ) : (
        '—'
      ),
  },
  {
    title: 'Download',
    key: 'download',
    width: 110,
    render: (_: unknown, f: ProjectFileDto) =>
      downloadable(f) ? (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          href={clientFileUrl(projectId, f.id)}
          aria-label={`Download ${f.name}`}
        >
          Download
        </Button>
      ) : (
        '—'
      ),
  },
];

function ProjectView({ project }: { project: ProjectDetailDto }) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [askOpen, setAskOpen] = useState(false);
  const [askNote, setAskNote] = useState('');
  const [note, setNote] = useState('');

  const run = useMutation({
    mutationFn: (fn: () => Promise<{ project: ProjectDetailDto }>) => fn(),
    onSuccess: (res) =>
      queryClient.setQueryData(['/api/admin/projects', project.id], { success: true, ...res }),
    onError: (err) => toast.failure(err, 'The project could not be changed.'),
  });
  const next = nextStatuses(project.status).filter(
    (s) => s !== 'in_progress' || project.status !== 'files_received',
  );

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <ProCard>
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          <Descriptions.Item label="Status">
            <ProjectStatusTag status={project.status} />
          </Descriptions.Item>
          <Descriptions.Item label="Client">
            {project.customerName
              ? `${project.customerName} <${project.customerEmail}>`
              : project.customerEmail}
          </Descriptions.Item>
          <Descriptions.Item label="Service">{project.serviceName}</Descriptions.Item>
          <Descriptions.Item label="Quoted / deposit paid">
            {formatPence(project.quotedPence)} / {formatPence(project.depositPence)}
          </Descriptions.Item>
          <Descriptions.Item label="Revision rounds">{project.revisionRounds}</Descriptions.Item>
          <Descriptions.Item label="Storage used">
            {formatBytes(project.limits.usedBytes)} of {formatBytes(project.limits.maxProjectBytes)}
          </Descriptions.Item>
        </Descriptions>
        <Space wrap style={{ marginTop: 12 }}>
          {project.status === 'files_received' && (
            <Button type="primary" onClick={() => run.mutate(() => acceptFiles(project.id))}>
              Files accepted
            </Button>
          )}
          {project.status !== 'cancelled' && (
            <Button onClick={() => setAskOpen(true)}>Ask for missing files</Button>
          )}
          {next.map((s: ProjectStatus) => (
            <Button
              key={s}
              danger={s === 'cancelled'}
              onClick={() => run.mutate(() => changeStatus(project.id, s))}
            >
              Move to {PROJECT_STATUS_LABELS[s]}
            </Button>
          ))}
        </Space>
      </ProCard>

      <ProCard
        title="Client files"
        extra={
          project.files.some(downloadable) && (
            <Button icon={<DownloadOutlined />} href={clientFilesZipUrl(project.id)}>
              Download all (ZIP)
            </Button>
          )
        }
      >
        {project.warnings.map((w) => (
          <Alert key={w} type="warning" showIcon message={w} style={{ marginBottom: 8 }} />
        ))}
        <Table<ProjectFileDto>
          rowKey="id"
          size="small"
          columns={fileColumns(project.id)}
          dataSource={project.files}
          pagination={false}
          scroll={{ x: 900 }}
          locale={{ emptyText: 'No files yet.' }}
        />
      </ProCard>

      <ReviewCard projectId={project.id} />

      <ProCard title="Timeline">
        <Timeline
          items={project.events.map((e) => ({
            color: e.internal ? 'gray' : e.actor === 'client' ? 'green' : 'blue',
            children: (
              <>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDateTime(e.createdAt)} · {e.actorName ?? e.actor}
                  {e.internal ? (e.type === 'note' ? ' · internal note' : ' · staff only') : ''}
                </Typography.Text>
                <div>{e.message}</div>
              </>
            ),
          }))}
        />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            aria-label="Internal note"
            placeholder="Internal note (never shown to the client)"
            value={note}
            maxLength={LIMITS.project.noteMax}
            onChange={(e) => setNote(e.target.value)}
          />
          <Button
            disabled={note.trim().length < 2}
            onClick={() =>
              run.mutate(() => addNote(project.id, note.trim()), { onSuccess: () => setNote('') })
            }
          >
            Add note
          </Button>
        </Space.Compact>
      </ProCard>

      <Modal
        title="Ask the client for missing files"
        open={askOpen}
        okText="Send to client"
        okButtonProps={{ disabled: askNote.trim().length < 2 }}
        onCancel={() => setAskOpen(false)}
        onOk={() =>
          run.mutate(() => requestFiles(project.id, askNote.trim()), {
            onSuccess: () => {
              setAskOpen(false);
              setAskNote('');
              toast.success('Request sent', 'The client gets your note by email.');
            },
          })
        }
      >
        <Input.TextArea
          aria-label="Note to the client"
          rows={4}
          maxLength={LIMITS.project.noteMax}
          value={askNote}
          onChange={(e) => setAskNote(e.target.value)}
          placeholder="e.g. Please send the lead vocal without effects."
        />
      </Modal>
    </Space>
  );
}

function ProjectPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: ['/api/admin/projects', id],
    queryFn: () => getProject(id),
    refetchInterval: (q) => (q.state.data?.project.files.some((f) => f.status === 'stored') ? 3000 : false),
  });
  const project = query.data?.project;
  return (
    <PageContainer
      title={
        <PageTitle>{project ? `${project.serviceName}: ${project.customerEmail}` : 'Project'}</PageTitle>
      }
      extra={[
        <Button key="back" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/projects')}>
          All projects
        </Button>,
      ]}
    >
      {query.isPending && <Spin />}
      {query.error instanceof ApiError && query.error.status === 404 && (
        <Result status="404" title="Project not found" />
      )}
      {query.isError && !(query.error instanceof ApiError && query.error.status === 404) && (
        <Alert type="error" message="Failed to fetch the project" />
      )}
      {project && <ProjectView project={project} />}
    </PageContainer>
  );
}

export default function ProjectDetailPage() {
  return (
    <AdminsOnly>
      <ProjectPage />
    </AdminsOnly>
  );
}
