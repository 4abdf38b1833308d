import { useQuery } from '@tanstack/react-query';
import { DatePicker, Form, Radio } from 'antd';
import type { Dayjs } from 'dayjs';
import type { PostStatus } from '@studio/shared';
import { formatDateTime } from '../../../../utils/format';
import { categoriesApi } from '../../../categories/service';
import { tagsApi } from '../../../tags/service';
import { FeaturedImagePicker } from '../featured-image-picker';
import { CategoryPicker, TagPicker } from '../taxonomy-pickers';

interface Props {
  status: PostStatus;
  publishedAt: Dayjs | null;
  /** The publish date is in the future. */
  futureDate: boolean;
  pendingFile: File | null;
  onFileChange(file: File | null): void;
}

function publishDateHelp({
  status,
  publishedAt,
  futureDate,
}: Pick<Props, 'status' | 'publishedAt' | 'futureDate'>) {
  if (status !== 'published') return 'Used when the post is published. A future date schedules it.';
  if (futureDate) return `Scheduled: the post goes live on ${formatDateTime(publishedAt?.toDate())}.`;
  return publishedAt ? 'The date shown on the post.' : 'Leave empty to publish as soon as you save.';
}

/** Status, publish date, featured image, categories and tags. */
export function SettingsTab({ status, publishedAt, futureDate, pendingFile, onFileChange }: Props) {
  const categories = useQuery({
    queryKey: categoriesApi.queryKey,
    queryFn: categoriesApi.list,
    refetchOnMount: 'always',
  });
  const tags = useQuery({ queryKey: tagsApi.queryKey, queryFn: tagsApi.list, refetchOnMount: 'always' });
  return (
    <>
      <Form.Item label="Status" name="status">
        <Radio.Group optionType="button" buttonStyle="solid">
          <Radio.Button value="draft">Draft</Radio.Button>
          <Radio.Button value="published">Published</Radio.Button>
          <Radio.Button value="archived">Archived</Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        label="Publish date"
        name="publishedAt"
        extra={publishDateHelp({ status, publishedAt, futureDate })}
      >
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="MMM D, YYYY HH:mm"
          allowClear
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item label="Featured image" name="featuredImage">
        <FeaturedImagePicker file={pendingFile} onFileChange={onFileChange} />
      </Form.Item>
      <Form.Item label="Categories" name="categoryIds">
        <CategoryPicker items={categories.data} loading={categories.isLoading} failed={!!categories.error} />
      </Form.Item>
      <Form.Item label="Tags" name="tagIds">
        <TagPicker items={tags.data} loading={tags.isLoading} failed={!!tags.error} />
      </Form.Item>
    </>
  );
}
