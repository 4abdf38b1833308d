import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { PageContainer } from '@ant-design/pro-components';
import { App, Button, Col, Empty, Result, Row, Skeleton, Space } from 'antd';
import type { MediaDto } from '@studio/shared';
import { BackToDashboardButton } from '../../components/back-to-dashboard-button';
import { useConfirm } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { useToast } from '../../hooks/use-toast';
import { MediaCard } from './components/media-card';
import { MediaDetailsModal } from './components/media-details-modal';
import { MediaUploader } from './components/media-uploader';
import {
  absoluteMediaUrl,
  deleteMedia,
  listMedia,
  MEDIA_QUERY_KEY,
  updateMedia,
  type MediaDetails,
} from './service';

export default function MediaPage() {
  const { pathname } = useLocation();
  const toast = useToast();
  const { modal, message } = App.useApp();
  const { confirmAction } = useConfirm();
  const queryClient = useQueryClient();
  const {
    data: media,
    isLoading,
    error,
    refetch,
  } = useQuery({
    queryKey: MEDIA_QUERY_KEY,
    queryFn: listMedia,
    refetchOnMount: 'always',
  });
  const [editing, setEditing] = useState<MediaDto | null>(null);
  const [saving, setSaving] = useState(false);

  const refresh = () => queryClient.invalidateQueries({ queryKey: MEDIA_QUERY_KEY });

  const saveDetails = async (details: MediaDetails) => {
    if (!editing) return;
    setSaving(true);
    try {
      await updateMedia(editing.id, details);
      toast.success('Image updated', 'The alt text and caption have been saved.');
      setEditing(null);
      await refresh();
    } catch (err) {
      toast.failure(err, 'Failed to update image details.');
    } finally {
      setSaving(false);
    }
  };

  const copyUrl = async (item: MediaDto) => {
    const url = absoluteMediaUrl(item);
    try {
      await navigator.clipboard.writeText(url);
      message.success('Copied to clipboard');
    } catch {
      modal.info({ title: 'Copy this address', content: url });
    }
  };

  const confirmDelete = (item: MediaDto) => {
    confirmAction({
      title: 'Delete image',
      content: `Are you sure you want to delete "${item.altText || item.fileName}"? This action cannot be undone. Posts that show it will lose the image.`,
      okText: 'Delete',
      run: () => deleteMedia(item.id),
      success: ['Image deleted', 'The image has been removed from the media library.'],
      failure: 'Failed to delete image.',
      after: refresh,
    });
  };

  let grid;
  if (isLoading) grid = <Skeleton active paragraph={{ rows: 6 }} />;
  else if (error)
    grid = (
      <Result
        status="error"
        title="Could not load the media library"
        extra={<Button onClick={() => void refetch()}>Try again</Button>}
      />
    );
  else if (!media?.length) grid = <Empty description="No images yet. Upload your first one above." />;
  else
    grid = (
      <Row gutter={[16, 16]}>
        {media.map((item) => (
          <Col key={item.id} xs={12} sm={8} lg={6} xxl={4}>
            <MediaCard
              media={item}
              onEdit={() => setEditing(item)}
              onCopy={() => void copyUrl(item)}
              onDelete={() => confirmDelete(item)}
            />
          </Col>
        ))}
      </Row>
    );

  return (
    <PageContainer
      title={<PageTitle>Media</PageTitle>}
      content="Images for posts. Give each one alt text so everyone can follow your posts."
      extra={[<BackToDashboardButton key="back" />]}
    >
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <MediaUploader onUploaded={() => void refresh()} autoFocus={pathname.endsWith('/upload')} />
        {grid}
      </Space>
      <MediaDetailsModal
        media={editing}
        saving={saving}
        onSave={(d) => void saveDetails(d)}
        onCancel={() => setEditing(null)}
      />
    </PageContainer>
  );
}
