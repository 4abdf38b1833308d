import { useEffect, useRef } from 'react';
import { Upload, Typography } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { LIMITS, type MediaDto } from '@studio/shared';
import { useToast } from '../../../hooks/use-toast';
import { ACCEPTED_IMAGES, uploadMedia } from '../service';

const MAX_MB = LIMITS.upload.maxBytes / (1024 * 1024);

interface Props {
  onUploaded(media: MediaDto): void;
  /** Move keyboard focus here on mount (the /admin/media/upload link). */
  autoFocus?: boolean;
}

/** Drag-and-drop (or click) upload into the media library, one request per file. */
export function MediaUploader({ onUploaded, autoFocus }: Props) {
  const toast = useToast();
  const wrapper = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!autoFocus) return;
    const target = wrapper.current?.querySelector<HTMLElement>('[role="button"]');
    target?.focus();
    wrapper.current?.scrollIntoView({ block: 'center' });
  }, [autoFocus]);

  return (
    <div ref={wrapper}>
      <Upload.Dragger
        name="file"
        multiple
        accept={ACCEPTED_IMAGES}
        showUploadList={false}
        beforeUpload={(file) => {
          if (file.size > LIMITS.upload.maxBytes) {
            toast.error('Upload failed', `${file.name} is larger than ${MAX_MB} MB.`);
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const upload = file as File;
          uploadMedia(upload)
            .then((media) => {
              toast.success('Image uploaded', `${upload.name} is in the media library.`);
              onUploaded(media);
              onSuccess?.(media);
            })
            .catch((err: unknown) => {
              toast.failure(err, `Failed to upload ${upload.name}.`);
              onError?.(err instanceof Error ? err : new Error(String(err)));
            });
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p className="ant-upload-text">Drop images here, or click to choose files</p>
        <Typography.Text type="secondary">
          JPEG, PNG, WebP or GIF, up to {MAX_MB} MB each. Featured images look best at 1200 × 630.
        </Typography.Text>
      </Upload.Dragger>
    </div>
  );
}
