import { useQuery } from '@tanstack/react-query';
import { Button, Col, Empty, Modal, Result, Row, Skeleton, Typography } from 'antd';
import type { MediaDto } from '@studio/shared';
import { listMedia, MEDIA_QUERY_KEY } from '../../media/service';

interface Props {
  open: boolean;
  selected: string | null;
  onSelect(media: MediaDto): void;
  onCancel(): void;
}

/** Pick an image from the media library (one click, or Enter on the focused image). */
export function MediaLibraryModal({ open, selected, onSelect, onCancel }: Props) {
  const { data, isLoading, error, refetch } = useQuery({
    queryKey: MEDIA_QUERY_KEY,
    queryFn: listMedia,
    enabled: open,
    refetchOnMount: 'always',
  });

  let body;
  if (isLoading) body = <Skeleton active />;
  else if (error)
    body = (
      <Result
        status="error"
        title="Could not load the media library"
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  else if (!data?.length)
    body = <Empty description="The media library is empty. Upload an image from your computer instead." />;
  else
    body = (
      <Row gutter={[12, 12]} role="list" aria-label="Images in the media library">
        {data.map((media) => {
          const isSelected = media.fileName === selected;
          return (
            <Col key={media.id} xs={12} sm={8} role="listitem">
              <button
                type="button"
                onClick={() => onSelect(media)}
                aria-pressed={isSelected}
                aria-label={`Use ${media.altText || media.fileName}`}
                style={{
                  display: 'block',
                  width: '100%',
                  padding: 0,
                  border: isSelected ? '3px solid #b7791f' : '1px solid #d9d9d9',
                  borderRadius: 8,
                  overflow: 'hidden',
                  background: '#f5f5f5',
                  cursor: 'pointer',
                }}
              >
                <img
                  src={media.url}
                  alt=""
                  loading="lazy"
                  style={{ width: '100%', aspectRatio: '16 / 10', objectFit: 'cover', display: 'block' }}
                />
                <Typography.Text ellipsis style={{ display: 'block', padding: '4px 8px', fontSize: 12 }}>
                  {media.altText || media.fileName}
                </Typography.Text>
              </button>
            </Col>
          );
        })}
      </Row>
    );

  return (
    <Modal open={open} title="Choose a featured image" footer={null} onCancel={onCancel} width={720}>
      {body}
    </Modal>
  );
}
