import { Button, Card, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { CategoryDto } from '@studio/shared';

interface Props {
  category: CategoryDto;
  onEdit(): void;
  onDelete(): void;
}

export function CategoryCard({ category, onEdit, onDelete }: Props) {
  const count = category.count ?? 0;
  return (
    <Card
      data-testid="category-card"
      title={<span title={category.name}>{category.name}</span>}
      extra={<Tag>{count === 1 ? '1 post' : `${count} posts`}</Tag>}
      style={{ height: '100%', display: 'flex', flexDirection: 'column' }}
      styles={{ body: { flex: 1 } }}
      actions={[
        <Button
          key="edit"
          type="text"
          icon={<EditOutlined />}
          onClick={onEdit}
          aria-label={`Edit ${category.name}`}
        >
          Edit
        </Button>,
        <Button
          key="delete"
          type="text"
          danger
          icon={<DeleteOutlined />}
          onClick={onDelete}
          aria-label={`Delete ${category.name}`}
        >
          Delete
        </Button>,
      ]}
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Slug: <Typography.Text code>{category.slug}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph ellipsis={{ rows: 3 }} style={{ marginBottom: 0 }}>
        {category.description || <Typography.Text type="secondary">No description.</Typography.Text>}
      </Typography.Paragraph>
    </Card>
  );
}
