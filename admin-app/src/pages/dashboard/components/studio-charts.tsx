/** The back office's trends: bookings and revenue per month, subscriber growth, messages per week. */
import { Link } from 'react-router-dom';
import { Alert, Card, Col, Row, Skeleton } from 'antd';
import { formatPence, type DashboardCharts } from '@studio/shared';
import { BarChart, type BarDatum } from './bar-chart';

const MONTH = new Intl.DateTimeFormat('en-GB', { month: 'short', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });

const monthDate = (month: string) => new Date(`${month}-01T00:00:00Z`);

function byMonth(
  months: DashboardCharts['months'],
  pick: (m: DashboardCharts['months'][number]) => number,
): BarDatum[] {
  return months.map((m) => ({
    label: MONTH_YEAR.format(monthDate(m.month)),
    tick: MONTH.format(monthDate(m.month)).slice(0, 3),
    value: pick(m),
  }));
}

interface Props {
  charts: DashboardCharts | undefined;
  loading: boolean;
  failed: boolean;
}

export function StudioCharts({ charts, loading, failed }: Props) {
  if (failed) return <Alert type="error" showIcon message="Could not load the studio's charts." />;
  const card = (title: string, link: { to: string; text: string }, body: JSX.Element) => (
    <Col xs={24} lg={12}>
      <Card
        size="small"
        title={<h2 style={{ margin: 0, fontSize: 16 }}>{title}</h2>}
        extra={<Link to={link.to}>{link.text}</Link>}
      >
        {loading || !charts ? <Skeleton active /> : body}
      </Card>
    </Col>
  );
  const weeks: BarDatum[] =
    charts?.weeks.map((w) => {
      const day = DAY.format(new Date(`${w.week}T00:00:00Z`));
      return { label: `Week of ${day}`, tick: day.split(' ')[0], value: w.messages };
    }) ?? [];
  return (
    <Row gutter={[16, 16]}>
      {card(
        'Bookings per month',
        { to: '/admin/payments', text: 'Payments' },
        <BarChart title="Paid bookings per month" data={byMonth(charts?.months ?? [], (m) => m.bookings)} />,
      )}
      {card(
        'Revenue per month',
        { to: '/admin/payments', text: 'Ledger' },
        <BarChart
          title="Revenue per month, net of refunds"
          data={byMonth(charts?.months ?? [], (m) => m.revenue)}
          format={formatPence}
        />,
      )}
      {card(
        'New subscribers per month',
        { to: '/admin/subscribers', text: 'Subscribers' },
        <BarChart
          title="Newsletter sign-ups per month"
          data={byMonth(charts?.months ?? [], (m) => m.signups)}
        />,
      )}
      {card(
        'Messages per week',
        { to: '/admin/messages', text: 'Inbox' },
        <BarChart title="Contact messages per week" data={weeks} />,
      )}
    </Row>
  );
}
