import { Card, Typography } from 'antd';

interface Props {
  title: string;
  slug: string;
  description: string;
}

/** Roughly how the post shows in a search engine's results. */
export function SearchPreview({ title, slug, description }: Props) {
  const url = `${window.location.host}/blog/post/${slug || 'your-post'}`;
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>Search result preview</h2>}>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {url}
      </Typography.Text>
      <div style={{ color: '#1a0dab', fontSize: 18, lineHeight: 1.3, margin: '2px 0' }}>
        {title || 'Your post title'}
      </div>
      <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ margin: 0 }}>
        {description || 'Add a meta description to control this text.'}
      </Typography.Paragraph>
    </Card>
  );
}
