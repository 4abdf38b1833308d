import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router-dom';
import { Card, Col, Empty, Row, Spin, Typography } from 'antd';
import { PROJECT_STATUS_LABELS, PROJECT_STATUSES, formatPence } from '@studio/shared';
import { formatDate } from '../../../utils/format';
import { listProjects } from '../service';

/** Every project as a card in its status's column (the newest 200). */
export function ProjectBoard({ search }: { search?: string }) {
  const query = useQuery({
    queryKey: ['/api/admin/projects', 'board', search ?? ''],
    queryFn: () => listProjects({ search, page: 1, limit: 200 }),
  });
  if (query.isPending) return <Spin />;
  if (query.isError) return <Typography.Text type="danger">Failed to fetch projects</Typography.Text>;
  return (
    <Row gutter={[12, 12]} wrap={false} style={{ overflowX: 'auto' }} data-testid="project-board">
      {PROJECT_STATUSES.map((status) => {
        const items = query.data.projects.filter((p) => p.status === status);
        return (
          <Col key={status} flex="0 0 240px">
            <Typography.Title level={5}>
              {PROJECT_STATUS_LABELS[status]} ({items.length})
            </Typography.Title>
            {items.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="None" />}
            {items.map((p) => (
              <Card key={p.id} size="small" style={{ marginBottom: 8 }}>
                <Link to={`/admin/projects/${p.id}`}>
                  <Typography.Text strong>{p.customerName ?? p.customerEmail}</Typography.Text>
                </Link>
                <div>{p.serviceName}</div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {formatDate(p.createdAt)} · {formatPence(p.depositPence)} paid · {p.fileCount} files
                </Typography.Text>
              </Card>
            ))}
          </Col>
        );
      })}
    </Row>
  );
}
