import type { ReactNode } from 'react';
import { Button, Card, Space, Typography } from 'antd';
import { CheckCircleOutlined, LoadingOutlined, SaveOutlined } from '@ant-design/icons';
import type { PostStatus } from '@studio/shared';
import { formatTime } from '../../../utils/format';
import type { SaveMode } from '../hooks/use-persist-post';

interface Props {
  status: PostStatus;
  futureDate: boolean;
  /** The saved status differs from the chosen one. */
  statusChanged: boolean;
  isNew: boolean;
  saving: SaveMode | null;
  dirty: boolean;
  /** Drafts save by themselves; this says how often, in seconds. */
  autosaveEverySeconds: number | null;
  savedAt: Date | null;
  onSave(): void;
  onCancel(): void;
}

function statusLabel(status: PostStatus, futureDate: boolean): string {
  if (status === 'published') return futureDate ? 'Scheduled' : 'Published';
  return status === 'archived' ? 'Archived' : 'Draft';
}

/** The side card: status, save state, the save button and Cancel. */
export function PublishCard(props: Props) {
  const { status, futureDate, statusChanged, isNew, saving, dirty, autosaveEverySeconds, savedAt } = props;
  let saveState: ReactNode = null;
  if (saving === 'auto')
    saveState = (
      <Typography.Text type="secondary">
        <LoadingOutlined /> Saving…
      </Typography.Text>
    );
  else if (dirty)
    saveState = (
      <Typography.Text type="warning">
        Unsaved changes
        {autosaveEverySeconds ? ` · drafts save automatically every ${autosaveEverySeconds} seconds` : ''}
      </Typography.Text>
    );
  else if (savedAt)
    saveState = (
      <Typography.Text type="success" data-testid="saved-indicator">
        <CheckCircleOutlined /> Saved{' '}
        <Typography.Text type="secondary">at {formatTime(savedAt)}</Typography.Text>
      </Typography.Text>
    );

  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>Publish</h2>}>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Text>
          Status: <Typography.Text strong>{statusLabel(status, futureDate)}</Typography.Text>
          {statusChanged ? ' (after you save)' : ''}
        </Typography.Text>
        <div aria-live="polite" style={{ minHeight: 22 }}>
          {saveState}
        </div>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          block
          loading={saving === 'manual'}
          onClick={props.onSave}
        >
          {isNew ? 'Create Post' : 'Update Post'}
        </Button>
        <Button block onClick={props.onCancel}>
          Cancel
        </Button>
      </Space>
    </Card>
  );
}
