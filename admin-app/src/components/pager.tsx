import { Button, Space } from 'antd';
import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { paginationRange } from '@studio/shared';

interface PagerProps {
  page: number;
  totalPages: number;
  onChange(page: number): void;
  label?: string;
}

/**
 * The pagination of spec §9: first and last page, one sibling each side of the current page,
 * ellipses for the gaps, and nothing at all for one page or fewer.
 */
export function Pager({ page, totalPages, onChange, label = 'Pagination' }: PagerProps) {
  const items = paginationRange(page, totalPages);
  if (!items.length) return null;
  return (
    <nav aria-label={label}>
      <Space wrap size={4}>
        <Button
          icon={<LeftOutlined />}
          disabled={page <= 1}
          onClick={() => onChange(page - 1)}
          aria-label="Previous page"
        />
        {items.map((item) =>
          typeof item === 'number' ? (
            <Button
              key={item}
              type={item === page ? 'primary' : 'default'}
              aria-current={item === page ? 'page' : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onChange(item)}
            >
              {item}
            </Button>
          ) : (
            <span key={item} aria-hidden="true" style={{ padding: '0 4px' }}>
              …
            </span>
          ),
        )}
        <Button
          icon={<RightOutlined />}
          disabled={page >= totalPages}
          onClick={() => onChange(page + 1)}
          aria-label="Next page"
        />
      </Space>
    </nav>
  );
}
