import { useEffect, useState } from 'react';
import { Button, Space, Typography, Upload } from 'antd';
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { BLOG, LIMITS } from '@studio/shared';
import { useToast } from '../../../hooks/use-toast';
import { ACCEPTED_IMAGES } from '../../media/service';
import { MediaLibraryModal } from './media-library-modal';

interface Props {
  /** The file name in the media library (the form field). */
  value?: string | null;
  onChange?: (fileName: string | null) => void;
  /** A file picked from this computer, sent with the post when it is saved. */
  file: File | null;
  onFileChange(file: File | null): void;
}

const MAX_MB = LIMITS.upload.maxBytes / (1024 * 1024);

/** The featured image: picked from the media library, or uploaded with the post. */
export function FeaturedImagePicker({ value, onChange, file, onFileChange }: Props) {
  const toast = useToast();
  const [libraryOpen, setLibraryOpen] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const src = preview ?? (value ? `/uploads/${value}` : null);
  const { width, height } = BLOG.featuredImage;

  return (
    <div>
      <div
        style={{
          aspectRatio: `${width} / ${height}`,
          maxWidth: 480,
          border: '1px dashed #d9d9d9',
          borderRadius: 8,
          display: 'grid',
          placeItems: 'center',
          overflow: 'hidden',
          background: '#fafafa',
          marginBottom: 12,
        }}
      >
        {src ? (
          <img
            src={src}
            alt="Featured preview"
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        ) : (
          <Typography.Text type="secondary">
            <PictureOutlined /> No featured image
          </Typography.Text>
        )}
      </div>
      {file ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {file.name} will be uploaded to the media library when you save.
        </Typography.Paragraph>
      ) : null}
      <Space wrap>
        <Button icon={<PictureOutlined />} onClick={() => setLibraryOpen(true)}>
          Choose from library
        </Button>
        <Upload
          accept={ACCEPTED_IMAGES}
          showUploadList={false}
          maxCount={1}
          beforeUpload={(picked) => {
            if (picked.size > LIMITS.upload.maxBytes) {
              toast.error('Image too large', `Choose an image under ${MAX_MB} MB.`);
            } else {
              onFileChange(picked);
              onChange?.(null);
            }
            return Upload.LIST_IGNORE;
          }}
        >
          <Button icon={<UploadOutlined />}>Upload from computer</Button>
        </Upload>
        {src ? (
          <Button
            danger
            icon={<DeleteOutlined />}
            onClick={() => {
              onFileChange(null);
              onChange?.(null);
            }}
          >
            Remove
          </Button>
        ) : null}
      </Space>
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: 8, marginBottom: 0 }}>
        Best at {width} × {height} pixels: it is also the picture shown when the post is shared.
      </Typography.Paragraph>
      <MediaLibraryModal
        open={libraryOpen}
        selected={value ?? null}
        onCancel={() => setLibraryOpen(false)}
        onSelect={(media) => {
          onFileChange(null);
          onChange?.(media.fileName);
          setLibraryOpen(false);
        }}
      />
    </div>
  );
}
