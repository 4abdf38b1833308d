import { Alert, Card, Flex, List, Progress, Typography } from 'antd';
import { CheckCircleFilled, CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import { ToneTag, type Tone } from '../../../components/tone-tag';
import { VisuallyHidden } from '../../../components/visually-hidden';
import type { SeoCheck, SeoRating, SeoReport as Report } from '@studio/shared';

export const RATING: Record<SeoRating, { label: string; colour: string; tone: Tone }> = {
  good: { label: 'Good', colour: '#389e0d', tone: 'success' },
  average: { label: 'Average', colour: '#d48806', tone: 'warning' },
  poor: { label: 'Poor', colour: '#cf1322', tone: 'danger' },
};

function CheckIcon({ check }: { check: SeoCheck }) {
  if (check.points === check.maxPoints) return <CheckCircleFilled style={{ color: '#389e0d' }} aria-hidden />;
  if (check.points > 0) return <ExclamationCircleFilled style={{ color: '#d48806' }} aria-hidden />;
  return <CloseCircleFilled style={{ color: '#cf1322' }} aria-hidden />;
}

function verdict(check: SeoCheck): string {
  if (check.points === check.maxPoints) return 'Met';
  if (check.points > 0) return 'Partly met';
  return 'Not met';
}

/** The live SEO analysis (spec §5): the score, its band and every check, met or not. */
export function SeoReport({ report }: { report: Report }) {
  if (report.warning) {
    return <Alert type="info" showIcon message={report.warning} />;
  }
  const rating = RATING[report.rating];
  return (
    <Card size="small" title={<h2 style={{ margin: 0, fontSize: 16 }}>SEO analysis</h2>}>
      <Flex align="center" gap={16} wrap style={{ marginBottom: 12 }}>
        <Progress
          type="circle"
          size={84}
          percent={report.score}
          strokeColor={rating.colour}
          format={(p) => `${p}%`}
          aria-label={`SEO score ${report.score}%`}
        />
        <div>
          <Typography.Text strong style={{ fontSize: 16 }}>
            SEO score: {report.score}%
          </Typography.Text>
          <br />
          <ToneTag tone={rating.tone} style={{ marginTop: 4 }}>
            {rating.label}
          </ToneTag>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            70% and above is good, 40% and above average.
          </Typography.Text>
        </div>
      </Flex>
      <List
        size="small"
        dataSource={report.checks}
        renderItem={(check) => (
          <List.Item data-check={check.id} data-met={check.points === check.maxPoints}>
            <Flex gap={8} align="baseline" style={{ width: '100%' }}>
              <CheckIcon check={check} />
              <span style={{ flex: 1 }}>
                <VisuallyHidden>{verdict(check)}: </VisuallyHidden>
                {check.label}
              </span>
              <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
                {check.points}/{check.maxPoints}
              </Typography.Text>
            </Flex>
          </List.Item>
        )}
      />
    </Card>
  );
}
