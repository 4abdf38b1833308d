import { useState } from 'react';
import { Modal, Segmented, Space, Typography } from 'antd';
import type { NewsletterPreview } from '@studio/shared';

const WIDTHS = { Phone: 375, Desktop: 720 } as const;
type Width = keyof typeof WIDTHS;

/** The issue as subscribers get it, at a phone's or a desktop's width (or its plain-text part). */
export function MailPreviewModal({
  preview,
  onClose,
}: {
  preview: NewsletterPreview | null;
  onClose: () => void;
}) {
  const [view, setView] = useState<Width | 'Plain text'>('Desktop');
  return (
    <Modal
      open={!!preview}
      onCancel={onClose}
      footer={null}
      width={780}
      title={preview ? `Preview: ${preview.subject}` : 'Preview'}
      destroyOnClose
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Segmented
          options={['Phone', 'Desktop', 'Plain text']}
          value={view}
          onChange={(v) => setView(v as Width | 'Plain text')}
          aria-label="Preview width"
        />
        {preview && view === 'Plain text' ? (
          <Typography.Paragraph>
            <pre style={{ whiteSpace: 'pre-wrap', maxHeight: 560, overflow: 'auto' }}>{preview.text}</pre>
          </Typography.Paragraph>
        ) : preview ? (
          <div style={{ display: 'flex', justifyContent: 'center', background: '#f4f4f6', padding: 8 }}>
            <iframe
              title="Mail preview"
              srcDoc={preview.html}
              sandbox=""
              style={{
                width: WIDTHS[view as Width],
                maxWidth: '100%',
                height: 560,
                border: 0,
                background: '#fff',
              }}
            />
          </div>
        ) : null}
      </Space>
    </Modal>
  );
}
