import { Button, Card, Typography } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { BLOG, PAGINATION } from '@studio/shared';

const [titleMin, titleMax] = BLOG.recommendedMetaTitle;
const [descMin, descMax] = BLOG.recommendedMetaDescription;
const { width, height } = BLOG.featuredImage;

const TIPS = [
  `Keep the meta title between ${titleMin} and ${titleMax} characters so search results show all of it.`,
  `Write a meta description of ${descMin} to ${descMax} characters that makes people want to click.`,
  'Pick one focus keyword and use it in the title, the description and the first paragraph.',
  'Break long posts up with H2 subheadings; readers skim before they read.',
  `Add a featured image (${width} × ${height}): it is also the picture shown when the post is shared.`,
  'Link to a service or to the contact page so readers know what to do next.',
  `Only the ${PAGINATION.blogRecentCount} newest posts show in the blog's sidebar: publish regularly.`,
];

/** The side card of spec §2: publishing tips and the Debug Test button. */
export function PublishingTips({ onDebug }: { onDebug(): void }) {
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>Publishing tips</h2>}>
      <ul style={{ paddingInlineStart: 18, margin: '0 0 12px' }}>
        {TIPS.map((tip) => (
          <li key={tip} style={{ marginBottom: 6 }}>
            <Typography.Text>{tip}</Typography.Text>
          </li>
        ))}
      </ul>
      <Button icon={<BugOutlined />} onClick={onDebug} block>
        Debug Test
      </Button>
    </Card>
  );
}
