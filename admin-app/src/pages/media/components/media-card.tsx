import { Button, Card, Tooltip, Typography } from 'antd';
import { CopyOutlined, DeleteOutlined, EditOutlined, WarningOutlined } from '@ant-design/icons';
import type { MediaDto } from '@studio/shared';
import { formatBytes, formatDate } from '../../../utils/format';

interface Props {
  media: MediaDto;
  onEdit(): void;
  onCopy(): void;
  onDelete(): void;
}

export function MediaCard({ media, onEdit, onCopy, onDelete }: Props) {
  const label = media.altText || media.fileName;
  return (
    <Card
      data-testid="media-card"
      size="small"
      cover={
        <div style={{ aspectRatio: '16 / 10', background: '#f0f0f0', overflow: 'hidden' }}>
          <img
            src={media.url}
            alt={media.altText ?? ''}
            loading="lazy"
            style={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }}
          />
        </div>
      }
      actions={[
        <Tooltip key="edit" title="Edit alt text and caption">
          <Button
            type="text"
            icon={<EditOutlined />}
            onClick={onEdit}
            aria-label={`Edit details of ${label}`}
          />
        </Tooltip>,
        <Tooltip key="copy" title="Copy URL">
          <Button type="text" icon={<CopyOutlined />} onClick={onCopy} aria-label={`Copy URL of ${label}`} />
        </Tooltip>,
        <Tooltip key="delete" title="Delete">
          <Button
            type="text"
            danger
            icon={<DeleteOutlined />}
            onClick={onDelete}
            aria-label={`Delete ${label}`}
          />
        </Tooltip>,
      ]}
    >
      <Typography.Text strong ellipsis style={{ display: 'block' }} title={media.fileName}>
        {media.fileName}
      </Typography.Text>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {formatBytes(media.fileSize)} · {formatDate(media.createdAt)}
      </Typography.Text>
      <div style={{ marginTop: 6, fontSize: 13 }}>
        {media.altText ? (
          <Typography.Text ellipsis style={{ display: 'block' }}>
            Alt: {media.altText}
          </Typography.Text>
        ) : (
          <Typography.Text type="warning">
            <WarningOutlined /> No alt text
          </Typography.Text>
        )}
        {media.caption ? (
          <Typography.Text type="secondary" ellipsis style={{ display: 'block' }}>
            {media.caption}
          </Typography.Text>
        ) : null}
      </div>
    </Card>
  );
}
