import { Tag } from 'antd';
import type { NewsletterIssueState } from '@studio/shared';

const TAGS: Record<NewsletterIssueState, { color?: string; text: string }> = {
  draft: { text: 'Draft' },
  sending: { color: 'processing', text: 'Sending' },
  paused: { color: 'warning', text: 'Paused' },
  sent: { color: 'green', text: 'Sent' },
};

export function IssueStateTag({ state }: { state: NewsletterIssueState }) {
  const tag = TAGS[state];
  return <Tag color={tag.color}>{tag.text}</Tag>;
}
