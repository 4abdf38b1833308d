/**
 * What needs doing: the dashboard leads with the work waiting for the studio, oldest first.
 * It shows the first few; "See all" opens the complete list, which a kind can narrow.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Empty, List, Skeleton, Space, Typography } from 'antd';
import {
  CloudUploadOutlined,
  CommentOutlined,
  MailOutlined,
  PoundOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  DASHBOARD_ACTION_KINDS,
  DASHBOARD_ACTION_LABELS,
  type DashboardActionDto,
  type DashboardActionKind,
} from '@studio/shared';
import { ToneTag, type Tone } from '../../../components/tone-tag';
import { formatDateTime, formatWaiting } from '../../../utils/format';
import { getActions } from '../service';

/** How many the dashboard shows before "See all". */
export const FIRST_ACTIONS = 5;
/** Served by the backend (bull-board): a full page load. */
const MAIL_QUEUE_PATH = '/admin/queues';

const ICONS: Record<DashboardActionKind, JSX.Element> = {
  files_arrived: <CloudUploadOutlined />,
  round_submitted: <CommentOutlined />,
  balance_unpaid: <PoundOutlined />,
  unread_message: <MailOutlined />,
  failed_mail: <WarningOutlined />,
};
const TONES: Record<DashboardActionKind, Tone> = {
  files_arrived: 'info',
  round_submitted: 'info',
  balance_unpaid: 'warning',
  unread_message: 'neutral',
  failed_mail: 'danger',
};

function target(a: DashboardActionDto): { to: string; external?: boolean } {
  if (a.projectId) return { to: `/admin/projects/${encodeURIComponent(a.projectId)}` };
  if (a.messageId !== undefined) return { to: `/admin/messages?open=${a.messageId}` };
  return { to: MAIL_QUEUE_PATH, external: true };
}

function ActionItem({ action }: { action: DashboardActionDto }) {
  const { to, external } = target(action);
  const waited = formatWaiting(action.since);
  const title = external ? <a href={to}>{action.label}</a> : <Link to={to}>{action.label}</Link>;
  return (
    <List.Item data-testid="work-item" data-kind={action.kind}>
      <List.Item.Meta
        avatar={<span aria-hidden="true">{ICONS[action.kind]}</span>}
        title={title}
        description={
          <Space size={8} wrap>
            <ToneTag tone={TONES[action.kind]}>{DASHBOARD_ACTION_LABELS[action.kind]}</ToneTag>
            <Typography.Text type="secondary">
              Waiting {waited}, since {formatDateTime(action.since)}
            </Typography.Text>
          </Space>
        }
      />
    </List.Item>
  );
}

export function WorkList() {
  const [all, setAll] = useState(false);
  const [kind, setKind] = useState<DashboardActionKind | undefined>();
  const query = useQuery({
    queryKey: ['/api/admin/dashboard/actions', kind ?? 'all'],
    queryFn: () => getActions(kind),
    refetchOnMount: 'always',
  });
  const data = query.data;
  const shown = data ? (all ? data.actions : data.actions.slice(0, FIRST_ACTIONS)) : [];
  const waiting = data ? DASHBOARD_ACTION_KINDS.reduce((n, k) => n + data.counts[k], 0) : 0;

  return (
    <Card
      title={<h2 style={{ margin: 0, fontSize: 16 }}>What needs doing</h2>}
      extra={
        data && data.total > FIRST_ACTIONS ? (
          <Button type="link" aria-expanded={all} onClick={() => setAll((v) => !v)}>
            {all ? 'Show the first ones' : `See all ${data.total}`}
          </Button>
        ) : null
      }
      data-testid="work-list"
    >
      {query.isLoading ? (
        <Skeleton active />
      ) : query.error ? (
        <Alert type="error" showIcon message="Could not load the work waiting." />
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {waiting ? (
            <Space wrap role="group" aria-label="Show one kind of work">
              <Button
                size="small"
                type={kind ? 'default' : 'primary'}
                aria-pressed={!kind}
                onClick={() => setKind(undefined)}
              >
                Everything ({waiting})
              </Button>
              {DASHBOARD_ACTION_KINDS.filter((k) => data!.counts[k] > 0).map((k) => (
                <Button
                  key={k}
                  size="small"
                  type={kind === k ? 'primary' : 'default'}
                  aria-pressed={kind === k}
                  onClick={() => {
                    setKind(k);
                    setAll(true);
                  }}
                >
                  {DASHBOARD_ACTION_LABELS[k]} ({data!.counts[k]})
                </Button>
              ))}
            </Space>
          ) : null}
          {shown.length ? (
            <List
              dataSource={shown}
              rowKey={(a) => `${a.kind}-${a.projectId ?? a.messageId ?? a.jobId}`}
              renderItem={(a) => <ActionItem action={a} />}
            />
          ) : (
            <Empty
              description="Nothing is waiting: every file, round, balance, message and mail is dealt with."
              image={Empty.PRESENTED_IMAGE_SIMPLE}
            />
          )}
        </Space>
      )}
    </Card>
  );
}
