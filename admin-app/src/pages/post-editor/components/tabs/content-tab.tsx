import { Form, Input } from 'antd';
import { BLOG, LIMITS } from '@studio/shared';
import { RULES } from '../../post-form';
import { RichTextEditor } from '../rich-text-editor';

interface Props {
  /** Focus the title (a new post). */
  autoFocusTitle: boolean;
  /** The rich-text editor rewrote the HTML it was given (not an edit). */
  onContentNormalized(html: string): void;
}

/** Title, slug, content and excerpt. */
export function ContentTab({ autoFocusTitle, onContentNormalized }: Props) {
  return (
    <>
      <Form.Item label="Title" name="title" rules={RULES.title}>
        <Input
          size="large"
          placeholder="A clear, specific title"
          maxLength={LIMITS.post.titleMax}
          autoFocus={autoFocusTitle}
        />
      </Form.Item>
      <Form.Item
        label="Slug"
        name="slug"
        rules={RULES.slug}
        extra="The end of the post's address. It follows the title until you change it."
      >
        <Input addonBefore="/blog/post/" placeholder="made-from-the-title" maxLength={LIMITS.post.slugMax} />
      </Form.Item>
      <Form.Item
        label="Content"
        name="content"
        required
        rules={RULES.content}
        validateTrigger={['onChange', 'onBlur']}
      >
        <RichTextEditor onNormalized={onContentNormalized} />
      </Form.Item>
      <Form.Item
        label="Excerpt"
        name="excerpt"
        rules={RULES.excerpt}
        extra={`Shown in the blog list. Leave empty to use the first ${BLOG.excerptLength} characters of the post.`}
      >
        <Input.TextArea rows={3} showCount maxLength={LIMITS.post.excerptMax} style={{ marginBottom: 20 }} />
      </Form.Item>
    </>
  );
}
