import { Form, Input, Space } from 'antd';
import { BLOG, LIMITS, type SeoReport as SeoReportData } from '@studio/shared';
import { ToneTag } from '../../../../components/tone-tag';
import { RULES, type PostFormValues } from '../../post-form';
import { RATING, SeoReport } from '../seo-report';
import { SearchPreview } from '../search-preview';

/** The tab's label: "SEO" and, once there is a score, a badge with it. */
export function SeoTabLabel({ report }: { report: SeoReportData }) {
  const rating = report.warning ? null : RATING[report.rating];
  return (
    <span>
      SEO{' '}
      {rating ? (
        <ToneTag
          tone={rating.tone}
          style={{ marginInlineStart: 4, marginInlineEnd: 0 }}
          data-testid="seo-badge"
        >
          {report.score}%
        </ToneTag>
      ) : null}
    </span>
  );
}

interface Props {
  values: Pick<PostFormValues, 'title' | 'metaTitle' | 'slug' | 'metaDescription'>;
  report: SeoReportData;
}

/** Focus keyword, meta title and description, the SEO report and a search-result preview. */
export function SeoTab({ values, report }: Props) {
  return (
    <>
      <Form.Item
        label="Focus keyword"
        name="focusKeyword"
        rules={RULES.focusKeyword}
        extra="The phrase people would search for to find this post."
      >
        <Input maxLength={LIMITS.post.focusKeywordMax} placeholder="e.g. mixing vocals" />
      </Form.Item>
      <Form.Item
        label="Meta title"
        name="metaTitle"
        rules={RULES.metaTitle}
        extra={`Recommended ${BLOG.recommendedMetaTitle[0]}-${BLOG.recommendedMetaTitle[1]} characters. Defaults to the title.`}
      >
        <Input
          maxLength={LIMITS.post.metaTitleMax}
          count={{ show: true, max: BLOG.recommendedMetaTitle[1] }}
          placeholder={values.title || undefined}
        />
      </Form.Item>
      <Form.Item
        label="Meta description"
        name="metaDescription"
        rules={RULES.metaDescription}
        extra={`Recommended ${BLOG.recommendedMetaDescription[0]}-${BLOG.recommendedMetaDescription[1]} characters.`}
      >
        <Input.TextArea
          rows={3}
          count={{ show: true, max: LIMITS.post.formMetaDescriptionMax }}
          style={{ marginBottom: 20 }}
        />
      </Form.Item>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <SeoReport report={report} />
        <SearchPreview
          title={values.metaTitle || values.title}
          slug={values.slug}
          description={values.metaDescription}
        />
      </Space>
    </>
  );
}
