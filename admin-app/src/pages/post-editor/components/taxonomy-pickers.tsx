import { Link } from 'react-router-dom';
import { Checkbox, Select, Skeleton, Typography } from 'antd';
import type { CategoryDto, TagDto } from '@studio/shared';

interface PickerProps<T> {
  items: T[] | undefined;
  loading: boolean;
  failed: boolean;
  value?: number[];
  onChange?: (ids: number[]) => void;
  id?: string;
}

function Unavailable({ what, to }: { what: 'categories' | 'tags'; to: string }) {
  return (
    <Typography.Text type="secondary">
      No {what} available. Create {what} first. <Link to={to}>Manage {what}</Link>
    </Typography.Text>
  );
}

export function CategoryPicker({ items, loading, failed, value, onChange, id }: PickerProps<CategoryDto>) {
  if (loading) return <Skeleton.Input active size="small" />;
  if (failed) return <Typography.Text type="danger">Failed to fetch categories</Typography.Text>;
  if (!items?.length) return <Unavailable what="categories" to="/admin/categories" />;
  return (
    <div id={id} role="group" aria-label="Categories">
      <Checkbox.Group
        value={value}
        onChange={(ids) => onChange?.(ids as number[])}
        options={items.map((c) => ({ value: c.id, label: c.name }))}
        style={{ display: 'flex', flexWrap: 'wrap', gap: '8px 16px' }}
      />
    </div>
  );
}

export function TagPicker({ items, loading, failed, value, onChange, id }: PickerProps<TagDto>) {
  if (loading) return <Skeleton.Input active size="small" />;
  if (failed) return <Typography.Text type="danger">Failed to fetch tags</Typography.Text>;
  if (!items?.length) return <Unavailable what="tags" to="/admin/tags" />;
  return (
    <Select
      id={id}
      mode="multiple"
      allowClear
      placeholder="Choose tags"
      value={value}
      onChange={(ids: number[]) => onChange?.(ids)}
      optionFilterProp="label"
      options={items.map((t) => ({ value: t.id, label: t.name }))}
      style={{ width: '100%' }}
    />
  );
}
