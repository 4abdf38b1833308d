/**
 * The project page's part-2 section: send a version by tus (staff-upload.tsx; its preview is
 * made by a job), choose the preview protection, review in the shared player (review-desk.tsx),
 * answer and tick the round's notes off as a checklist, send final files, and read the one
 * money record.
 */
import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { ProCard } from '@ant-design/pro-components';
import {
  Alert,
  Button,
  Checkbox,
  Descriptions,
  Input,
  InputNumber,
  List,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import {
  ApiError,
  formatPence,
  getJson,
  postJson,
  PROTECTION_LABELS,
  PROTECTIONS,
  REVIEW,
  roundLabel,
  VERSION_KIND_LABELS,
  VERSION_KINDS,
  type Protection,
  type ReviewCommentDto,
  type ReviewDto,
  type VersionDto,
  type VersionKind,
} from '@studio/shared';
import { useToast } from '../../hooks/use-toast';
import { formatBytes } from '../../utils/format';
import { ReviewDesk } from './review-desk';
import { StaffUpload } from './staff-upload';

const base = (id: string) => `/api/admin/projects/${encodeURIComponent(id)}`;
const fmt = (s: number) => `${Math.floor(s / 60)}:${(s % 60).toFixed(1).padStart(4, '0')}`;

/**
 * One client note of a round: tick it off, read the replies under it, answer it. The client
 * sees the reply under the note and is mailed once per batch of replies.
 */
function NoteThread({
  projectId,
  note,
  replies,
  run,
}: {
  projectId: string;
  note: ReviewCommentDto;
  replies: ReviewCommentDto[];
  run: (fn: () => Promise<unknown>, done?: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const moment = `v${note.versionNumber} ${fmt(note.atSec)}${note.endSec !== null ? `–${fmt(note.endSec)}` : ''}`;
  return (
    <List.Item style={{ display: 'block' }}>
      <Space style={{ width: '100%', justifyContent: 'space-between' }} align="start">
        <Checkbox
          checked={note.resolved}
          onChange={(e) =>
            run(() =>
              postJson(`${base(projectId)}/comments/${note.id}/resolve`, { resolved: e.target.checked }),
            )
          }
        >
          {moment}: {note.body}
        </Checkbox>
        <Button size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          Reply
        </Button>
      </Space>
      {replies.map((r) => (
        <div key={r.id} style={{ marginLeft: 24, marginTop: 4 }}>
          <Typography.Text type="secondary">
            {r.authorName ?? (r.author === 'staff' ? 'Studio' : 'Client')}:
          </Typography.Text>{' '}
          {r.body}
        </div>
      ))}
      {open && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input.TextArea
            aria-label={`Reply to the note at ${moment}`}
            autoSize={{ minRows: 1, maxRows: 6 }}
            maxLength={REVIEW.commentMax}
            value={text}
            onChange={(e) => setText(e.target.value)}
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            onClick={() =>
              run(
                () => postJson(`${base(projectId)}/comments/${note.id}/replies`, { body: text.trim() }),
                () => {
                  setText('');
                  setOpen(false);
                },
              )
            }
          >
            Send reply
          </Button>
        </Space.Compact>
      )}
    </List.Item>
  );
}

export function ReviewCard({ projectId }: { projectId: string }) {
  const toast = useToast();
  const query = useQuery({
    queryKey: ['/api/admin/projects', projectId, 'review'],
    queryFn: () => getJson<{ review: ReviewDto }>(`${base(projectId)}/review`),
    refetchInterval: (q) =>
      q.state.data?.review.versions.some((v) => v.status === 'processing') ? 2000 : false,
  });
  const [kind, setKind] = useState<VersionKind>('mix');
  const [protection, setProtection] = useState<Protection | null>(null);
  const [tagEvery, setTagEvery] = useState<number | null>(null);
  const run = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSuccess: () => void query.refetch(),
    onError: (err) =>
      toast.error('That did not work', err instanceof ApiError || err instanceof Error ? err.message : ''),
  });
  const review = query.data?.review;
  if (!review) return <ProCard title="Versions and review" loading />;

  const submitted = review.rounds.filter((r) => r.status === 'submitted');
  const byRound = (id: number) => review.comments.filter((c) => c.roundId === id && c.parentId === null);
  const repliesTo = (id: number) => review.comments.filter((c) => c.parentId === id);
  const runThen = (fn: () => Promise<unknown>, done?: () => void) => run.mutate(fn, { onSuccess: done });
  const m = review.money;

  return (
    <ProCard title="Versions and review" direction="column" gutter={[0, 16]}>
      <Space wrap>
        <Select<VersionKind>
          aria-label="Version kind"
          value={kind}
          onChange={setKind}
          options={VERSION_KINDS.map((k) => ({ value: k, label: VERSION_KIND_LABELS[k] }))}
        />
        <StaffUpload
          projectId={projectId}
          target="version"
          label="Upload a version"
          accept="audio/*,.wav,.aif,.aiff,.flac"
          extraMeta={{ kind }}
          onDone={() => void query.refetch()}
        />
        <Select<Protection>
          aria-label="Preview protection"
          value={protection ?? review.protection}
          onChange={setProtection}
          style={{ minWidth: 240 }}
          options={PROTECTIONS.map((p) => ({ value: p, label: PROTECTION_LABELS[p] }))}
        />
        {(protection ?? review.protection) === 'tag' && (
          <InputNumber
            aria-label="Seconds between tags"
            min={5}
            max={120}
            value={tagEvery ?? review.tagEverySec}
            onChange={(v) => setTagEvery(v)}
            addonAfter="s"
          />
        )}
        <Button
          onClick={() =>
            run.mutate(() =>
              postJson(`${base(projectId)}/protection`, {
                protection: protection ?? review.protection,
                tagEverySec: tagEvery ?? review.tagEverySec,
              }),
            )
          }
        >
          Save protection
        </Button>
      </Space>
      <Table<VersionDto>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={review.versions}
        locale={{ emptyText: 'No versions yet.' }}
        columns={[
          { title: '#', dataIndex: 'number' },
          { title: 'Kind', dataIndex: 'kind', render: (k: VersionKind) => VERSION_KIND_LABELS[k] },
          { title: 'File', dataIndex: 'name' },
          {
            title: 'Preview',
            dataIndex: 'status',
            render: (s: string) => (
              <Tag color={s === 'ready' ? 'green' : s === 'failed' ? 'red' : 'blue'}>{s}</Tag>
            ),
          },
          {
            title: 'Length',
            dataIndex: 'durationSec',
            render: (d: number | null) => (d === null ? '—' : fmt(d)),
          },
          {
            title: 'Loudness',
            dataIndex: 'loudnessLufs',
            render: (l: number | null) => (l === null ? '—' : `${l.toFixed(1)} LUFS`),
          },
          { title: 'Protection', dataIndex: 'protection' },
        ]}
      />
      <ReviewDesk
        projectId={projectId}
        versions={review.versions}
        comments={review.comments}
        onChanged={() => query.refetch()}
      />

      <Typography.Title level={5}>Revision rounds ({review.includedRounds} included)</Typography.Title>
      {submitted.length === 0 && <Typography.Text type="secondary">No round submitted yet.</Typography.Text>}
      {submitted.map((r) => (
        <List<ReviewCommentDto>
          key={r.id}
          size="small"
          bordered
          header={
            <strong>
              {roundLabel(r.number!, review.includedRounds)} · {r.resolvedCount}/{r.commentCount} addressed
              {r.extra ? ` · extra ${formatPence(r.feePence)}` : ''}
            </strong>
          }
          dataSource={byRound(r.id)}
          renderItem={(c) => (
            <NoteThread projectId={projectId} note={c} replies={repliesTo(c.id)} run={runThen} />
          )}
        />
      ))}

      <Typography.Title level={5}>Final files</Typography.Title>
      <Space wrap>
        <StaffUpload
          projectId={projectId}
          target="final"
          label="Add a final file"
          accept="*/*"
          onDone={() => void query.refetch()}
        />
        {!review.downloadsUnlocked && (
          <Alert type="info" showIcon message="Final files unlock for the client once the balance is paid." />
        )}
      </Space>
      <List
        size="small"
        dataSource={review.finals}
        locale={{ emptyText: 'No final files yet.' }}
        renderItem={(f) => (
          <List.Item>
            {f.name} · {formatBytes(f.size)}
          </List.Item>
        )}
      />

      <Descriptions title="Money" size="small" column={2} bordered>
        <Descriptions.Item label="Price">{formatPence(m.listPricePence)}</Descriptions.Item>
        <Descriptions.Item label="Discount">{formatPence(m.discountPence)}</Descriptions.Item>
        <Descriptions.Item label="Deposit">{formatPence(m.depositPence)}</Descriptions.Item>
        <Descriptions.Item label="Extras">
          {m.extras.map((e) => `${e.label}: ${formatPence(e.pence)}`).join(', ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label="Balance">
          {formatPence(m.balancePence)} {m.balancePaid ? <Tag color="green">paid</Tag> : <Tag>unpaid</Tag>}
        </Descriptions.Item>
        <Descriptions.Item label="Refunds">{formatPence(m.refundsPence)}</Descriptions.Item>
      </Descriptions>
    </ProCard>
  );
}
