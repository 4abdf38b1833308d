import type { ReactNode } from 'react';
import { Card, Skeleton, Statistic } from 'antd';

interface Props {
  title: string;
  value: number | string | undefined;
  icon: ReactNode;
  loading?: boolean;
  footer?: ReactNode;
}

export function StatCard({ title, value, icon, loading, footer }: Props) {
  return (
    <Card size="small" style={{ height: '100%' }} data-testid={`stat-${title}`}>
      {loading ? (
        <Skeleton active paragraph={false} />
      ) : (
        <Statistic title={title} value={value ?? '–'} prefix={icon} />
      )}
      {footer ? <div style={{ marginTop: 8 }}>{footer}</div> : null}
    </Card>
  );
}
