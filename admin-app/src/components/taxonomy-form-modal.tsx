import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { LIMITS, MESSAGES, SLUG_PATTERN, slugify } from '@studio/shared';

/** What categories and tags have in common (spec §7: name, slug, description). */
export interface TaxonomyFormValues {
  name: string;
  slug: string;
  description: string;
}

interface Props {
  /** 'category' or 'tag': the rules and words differ slightly (spec §5). */
  kind: 'category' | 'tag';
  open: boolean;
  /** The term being edited, or null to add one. */
  initial: TaxonomyFormValues | null;
  submitting: boolean;
  onSubmit(values: TaxonomyFormValues): Promise<boolean>;
  onCancel(): void;
}

const NAME_RULES: Record<Props['kind'], Rule[]> = {
  category: [
    { required: true, whitespace: true, message: MESSAGES.nameRequired },
    {
      min: LIMITS.category.nameMin,
      message: `Category name must be at least ${LIMITS.category.nameMin} characters`,
    },
    {
      max: LIMITS.category.nameMax,
      message: `Category name must be at most ${LIMITS.category.nameMax} characters`,
    },
  ],
  tag: [
    { required: true, whitespace: true, message: MESSAGES.tagName },
    { min: LIMITS.tag.nameMin, message: MESSAGES.tagName },
    { max: LIMITS.tag.nameMax, message: `Tag name must be at most ${LIMITS.tag.nameMax} characters` },
  ],
};

const SLUG_RULES: Rule[] = [
  { min: LIMITS.tag.slugMin, message: `Slug must be at least ${LIMITS.tag.slugMin} characters` },
  { pattern: SLUG_PATTERN, message: MESSAGES.slugPattern },
];

/** Add or edit a category or a tag. A blank slug is made from the name by the server. */
export function TaxonomyFormModal({ kind, open, initial, submitting, onSubmit, onCancel }: Props) {
  const [form] = Form.useForm<TaxonomyFormValues>();
  const name = Form.useWatch('name', form) ?? '';
  const noun = kind === 'category' ? 'Category' : 'Tag';

  useEffect(() => {
    if (open) form.setFieldsValue(initial ?? { name: '', slug: '', description: '' });
  }, [open, initial, form]);

  const submit = async () => {
    let values: TaxonomyFormValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the fields show their messages
    }
    if (await onSubmit(values)) form.resetFields();
  };

  return (
    <Modal
      open={open}
      title={initial ? `Edit ${noun}` : `Add ${noun}`}
      okText={initial ? 'Save changes' : `Create ${noun}`}
      cancelText="Cancel"
      confirmLoading={submitting}
      onOk={() => void submit()}
      onCancel={onCancel}
      forceRender
    >
      <Form form={form} layout="vertical" requiredMark="optional" onFinish={() => void submit()}>
        <Form.Item label="Name" name="name" rules={NAME_RULES[kind]}>
          <Input autoFocus maxLength={LIMITS.category.nameMax} />
        </Form.Item>
        <Form.Item
          label="Slug"
          name="slug"
          rules={SLUG_RULES}
          extra={`Used in links. Leave empty to use “${slugify(name) || 'made-from-the-name'}”.`}
        >
          <Input placeholder={slugify(name) || undefined} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} maxLength={1000} showCount style={{ marginBottom: 20 }} />
        </Form.Item>
        {/* Enter in a field submits the form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}

/** The request body: a blank slug is left to the server, a blank description is none. */
export function toTaxonomyInput(values: TaxonomyFormValues): {
  name: string;
  slug?: string;
  description: string | null;
} {
  const slug = values.slug?.trim();
  return {
    name: values.name.trim(),
    ...(slug ? { slug } : {}),
    description: values.description?.trim() || null,
  };
}
