/**
 * The payments page's "needs a person" list: money the server would not settle or correct on
 * its own (an amount or currency not owed, a payment through an old checkout, finals locked
 * again, a difference with Stripe). Open ones show until someone marks them resolved.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Button, List, Space, Tag, Typography } from 'antd';
import { PAYMENT_ISSUE_LABELS, type AdminPaymentIssue } from '@studio/shared';
import { useToast } from '../../hooks/use-toast';
import { listPaymentIssues, resolvePaymentIssue } from './service';

export function PaymentIssues({ refreshKey }: { refreshKey: number }) {
  const toast = useToast();
  const [issues, setIssues] = useState<AdminPaymentIssue[] | null>(null);
  const load = useCallback(() => {
    listPaymentIssues()
      .then(setIssues)
      .catch((err: unknown) => toast.failure(err, 'Failed to load the payment issues.'));
  }, [toast]);
  useEffect(load, [load, refreshKey]);

  const open = (issues ?? []).filter((i) => !i.resolvedAt);
  if (!issues) return null;
  if (!open.length)
    return (
      <Alert style={{ marginBottom: 16 }} type="success" showIcon message="No payment needs a person." />
    );
  return (
    <section aria-label="Payments that need a person" style={{ marginBottom: 16 }}>
      <Alert
        type="warning"
        showIcon
        message={`${open.length} payment ${open.length === 1 ? 'issue needs' : 'issues need'} a person`}
        description={
          <List<AdminPaymentIssue>
            size="small"
            dataSource={open}
            renderItem={(i) => (
              <List.Item
                data-testid="payment-issue"
                actions={[
                  <Button
                    key="resolve"
                    size="small"
                    aria-label={`Mark issue ${i.id} resolved`}
                    onClick={() =>
                      resolvePaymentIssue(i.id)
                        .then(load)
                        .catch((err: unknown) => toast.failure(err, 'Failed to resolve.'))
                    }
                  >
                    Resolved
                  </Button>,
                ]}
              >
                <Space direction="vertical" size={0}>
                  <Space wrap>
                    <Tag>{PAYMENT_ISSUE_LABELS[i.kind]}</Tag>
                    {i.projectId ? <Link to={`/admin/projects/${i.projectId}`}>Open the project</Link> : null}
                    <Typography.Text type="secondary">
                      {new Date(i.createdAt).toLocaleString('en-GB')}
                    </Typography.Text>
                  </Space>
                  <span>{i.summary}</span>
                </Space>
              </List.Item>
            )}
          />
        }
      />
    </section>
  );
}
