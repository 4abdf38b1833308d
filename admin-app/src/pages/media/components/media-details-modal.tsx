import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import { LIMIT_MESSAGES, LIMITS, type MediaDto } from '@studio/shared';
import type { MediaDetails } from '../service';

interface Props {
  media: MediaDto | null;
  saving: boolean;
  onSave(details: MediaDetails): void;
  onCancel(): void;
}

interface Values {
  altText: string;
  caption: string;
}

/** Alt text (for screen readers and search engines) and caption of one image. */
export function MediaDetailsModal({ media, saving, onSave, onCancel }: Props) {
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (media) form.setFieldsValue({ altText: media.altText ?? '', caption: media.caption ?? '' });
  }, [media, form]);

  const submit = async () => {
    try {
      const values = await form.validateFields();
      onSave({ altText: values.altText.trim() || null, caption: values.caption.trim() || null });
    } catch {
      // the fields show their messages
    }
  };

  return (
    <Modal
      open={media !== null}
      title="Image details"
      okText="Save"
      cancelText="Cancel"
      confirmLoading={saving}
      onOk={() => void submit()}
      onCancel={onCancel}
      forceRender
    >
      {media ? (
        <img
          src={media.url}
          alt=""
          style={{
            width: '100%',
            maxHeight: 220,
            objectFit: 'contain',
            background: '#f5f5f5',
            marginBottom: 16,
          }}
        />
      ) : null}
      <Form form={form} layout="vertical" onFinish={() => void submit()}>
        <Form.Item
          label="Alt text"
          name="altText"
          extra="Describe the image for people who cannot see it."
          rules={[{ max: LIMITS.media.altTextMax, message: LIMIT_MESSAGES.altText }]}
        >
          <Input maxLength={LIMITS.media.altTextMax} />
        </Form.Item>
        <Form.Item
          label="Caption"
          name="caption"
          rules={[{ max: LIMITS.media.captionMax, message: LIMIT_MESSAGES.caption }]}
        >
          <Input.TextArea
            rows={3}
            maxLength={LIMITS.media.captionMax}
            showCount
            style={{ marginBottom: 20 }}
          />
        </Form.Item>
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
