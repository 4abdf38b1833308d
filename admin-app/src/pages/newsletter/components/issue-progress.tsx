import { Progress, Space, Typography } from 'antd';
import type { NewsletterIssueProgress } from '@studio/shared';

/** Sent / failed / skipped / remaining of one issue, as a bar and a line of counts. */
export function IssueProgress({
  progress,
  compact,
  paused,
}: {
  progress: NewsletterIssueProgress;
  compact?: boolean;
  /** A paused send's bar stands still instead of animating. */
  paused?: boolean;
}) {
  const { recipients, sent, failed, skipped, remaining } = progress;
  const settled = sent + failed + skipped;
  const percent = recipients ? Math.floor((settled / recipients) * 100) : 100;
  const line = `${sent} sent · ${failed} failed · ${skipped} skipped · ${remaining} remaining`;
  if (compact)
    return (
      <Space direction="vertical" size={0} style={{ minWidth: 160 }}>
        <Progress percent={percent} size="small" status={failed ? 'exception' : undefined} />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {sent}/{recipients} sent{failed ? `, ${failed} failed` : ''}
        </Typography.Text>
      </Space>
    );
  return (
    <div aria-live="polite">
      <Progress
        percent={percent}
        status={remaining ? (paused ? 'normal' : 'active') : failed ? 'exception' : 'success'}
      />
      <Typography.Text data-testid="issue-progress">
        {recipients} recipient{recipients === 1 ? '' : 's'}: {line}
      </Typography.Text>
    </div>
  );
}
