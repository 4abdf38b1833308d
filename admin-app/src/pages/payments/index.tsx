/**
 * /admin/payments: one ledger of deposits, plan bookings and custom payments, with month
 * totals, the CSV export and refunds (never above what is left; the server decides).
 */
import { useSearchParams } from 'react-router-dom';
import { useState } from 'react';
import {
  ModalForm,
  PageContainer,
  ProFormDigit,
  ProFormRadio,
  ProFormTextArea,
  ProTable,
  StatisticCard,
  type ProColumns,
} from '@ant-design/pro-components';
import { Button, Space, Tag, Typography } from 'antd';
import { DownloadOutlined, RollbackOutlined, SyncOutlined } from '@ant-design/icons';
import {
  formatPence,
  poundsToPence,
  type AdminPayment,
  type MonthTotal,
  type PaymentStatusValue,
  type RefundProjectAction,
} from '@studio/shared';
import { Link } from 'react-router-dom';
import { PageTitle } from '../../components/page-title';
import { dateTimeColumn, searchColumn } from '../../components/table-columns';
import { useServerTable } from '../../hooks/use-server-table';
import { useToast } from '../../hooks/use-toast';
import { PaymentIssues } from './payment-issues';
import { listPayments, PAYMENTS_PATH, reconcileWithStripe, refundPayment } from './service';

const STATUS_COLOURS: Record<PaymentStatusValue, string> = {
  pending: 'default',
  processing: 'blue',
  succeeded: 'green',
  failed: 'red',
  refunded: 'purple',
  partially_refunded: 'magenta',
};
const STATUS_TEXT = Object.fromEntries(
  Object.keys(STATUS_COLOURS).map((s) => [s, { text: s.replace('_', ' ') }]),
);

export default function PaymentsPage() {
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const [totals, setTotals] = useState<MonthTotal[]>([]);
  const table = useServerTable<AdminPayment, Awaited<ReturnType<typeof listPayments>>>({
    load: listPayments,
    failure: 'Failed to fetch payments',
    csvPath: PAYMENTS_PATH,
    onLoaded: (res) => setTotals(res.monthTotals),
  });
  // The refund the form shows, with the request id made when it opened (a double click or a
  // retry sends the same id, and the server makes one refund of it).
  // Bumped when something on the page may have flagged money (a refund, a reconciliation).
  const [issuesKey, setIssuesKey] = useState(0);
  const [reconciling, setReconciling] = useState(false);
  const [refunding, setRefundingState] = useState<(AdminPayment & { requestId: string }) | null>(null);
  const setRefunding = (p: AdminPayment | null) =>
    setRefundingState(p && { ...p, requestId: crypto.randomUUID() });

  const columns: ProColumns<AdminPayment>[] = [
    searchColumn('Email, service, Stripe id'),
    { title: 'Month', dataIndex: 'month', hideInTable: true, fieldProps: { placeholder: '2026-03' } },
    dateTimeColumn('Date', 'createdAt', { defaultSortOrder: 'descend' }),
    {
      title: 'Kind',
      dataIndex: 'kind',
      valueType: 'select',
      valueEnum: { deposit: { text: 'Deposit' }, plan: { text: 'Plan booking' }, custom: { text: 'Custom' } },
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>
            {p.kind === 'plan'
              ? 'Plan booking'
              : p.kind === 'deposit'
                ? 'Deposit'
                : p.kind === 'balance'
                  ? 'Balance'
                  : 'Custom'}
          </span>
          <Typography.Text type="secondary">{p.serviceName}</Typography.Text>
          {p.projectId ? (
            <Link to={`/admin/projects/${p.projectId}`} aria-label={`Open the project of payment ${p.id}`}>
              Open the project
            </Link>
          ) : null}
        </Space>
      ),
    },
    {
      title: 'Customer',
      dataIndex: 'customerEmail',
      search: false,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{p.customerName ?? ''}</span>
          <Typography.Text type="secondary">{p.customerEmail ?? 'No email'}</Typography.Text>
        </Space>
      ),
    },
    {
      title: 'Amount',
      dataIndex: 'amount',
      sorter: true,
      search: false,
      render: (_, p) => (
        <Space direction="vertical" size={0}>
          <span>{formatPence(p.amount)}</span>
          {p.discountPercent ? (
            <Typography.Text type="secondary">
              {p.discountPercent}% off ({p.referralCode})
            </Typography.Text>
          ) : null}
          {p.amountRefunded ? (
            <Typography.Text type="danger">{formatPence(p.amountRefunded)} refunded</Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      title: 'Status',
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: STATUS_TEXT,
      sorter: true,
      render: (_, p) => <Tag color={STATUS_COLOURS[p.status]}>{p.status.replace('_', ' ')}</Tag>,
    },
    {
      title: 'Stripe',
      dataIndex: 'stripePaymentIntentId',
      search: false,
      render: (_, p) =>
        p.stripeUrl ? (
          <a href={p.stripeUrl} target="_blank" rel="noreferrer">
            {p.stripePaymentIntentId}
          </a>
        ) : (
          <Typography.Text type="secondary">{p.stripeCheckoutSessionId ?? 'none'}</Typography.Text>
        ),
    },
    {
      title: 'Actions',
      key: 'actions',
      search: false,
      render: (_, p) =>
        p.refundable > 0 ? (
          <Button size="small" icon={<RollbackOutlined />} onClick={() => setRefunding(p)}>
            Refund
          </Button>
        ) : null,
    },
  ];

  const month = totals[0];
  return (
    <PageContainer
      title={<PageTitle>Payments</PageTitle>}
      content="Deposits, plan bookings and custom payments, as Stripe settled them. Refunds made in Stripe show here too."
      extra={[
        <Button
          key="reconcile"
          icon={<SyncOutlined />}
          loading={reconciling}
          onClick={() => {
            setReconciling(true);
            reconcileWithStripe()
              .then((run) => {
                toast.success(
                  'Reconciled with Stripe',
                  `${run.charges} charges, ${run.refunds} refunds and ${run.disputes} disputes read; ${run.differences} difference(s), ${run.newDifferences} new.`,
                );
                setIssuesKey((k) => k + 1);
              })
              .catch((err: unknown) => toast.failure(err, 'Failed to reconcile with Stripe.'))
              .finally(() => setReconciling(false));
          }}
        >
          Reconcile with Stripe
        </Button>,
        <Button key="csv" icon={<DownloadOutlined />} href={table.csvHref}>
          Export CSV
        </Button>,
      ]}
    >
      <PaymentIssues refreshKey={issuesKey} />
      <StatisticCard.Group direction="row" style={{ marginBottom: 16 }}>
        <StatisticCard
          statistic={{
            title: `Taken ${month?.month ?? 'this month'}`,
            value: formatPence(month?.gross ?? 0),
          }}
        />
        <StatisticCard statistic={{ title: 'Refunded', value: formatPence(month?.refunded ?? 0) }} />
        <StatisticCard statistic={{ title: 'Net', value: formatPence(month?.net ?? 0) }} />
        <StatisticCard statistic={{ title: 'Payments', value: month?.count ?? 0 }} />
      </StatisticCard.Group>
      <ProTable<AdminPayment>
        {...table.tableProps}
        // `?search=` (the message drawer's link) starts the ledger filtered on it.
        form={{ initialValues: { search: searchParams.get('search') ?? undefined } }}
        columns={columns}
        headerTitle="Ledger"
        scroll={{ x: 1100 }}
      />
      <Typography.Title level={2} style={{ fontSize: 16, marginTop: 24 }}>
        Month totals
      </Typography.Title>
      <ProTable<MonthTotal>
        rowKey="month"
        search={false}
        options={false}
        pagination={false}
        dataSource={totals}
        columns={[
          { title: 'Month', dataIndex: 'month' },
          { title: 'Payments', dataIndex: 'count' },
          { title: 'Taken', dataIndex: 'gross', render: (_, r) => formatPence(r.gross) },
          { title: 'Refunded', dataIndex: 'refunded', render: (_, r) => formatPence(r.refunded) },
          { title: 'Net', dataIndex: 'net', render: (_, r) => formatPence(r.net) },
        ]}
      />
      <ModalForm<{ pounds: number; reason: string; projectAction: RefundProjectAction }>
        key={refunding?.id ?? 'none'}
        title={refunding ? `Refund payment #${refunding.id}` : 'Refund'}
        open={refunding !== null}
        initialValues={{ pounds: (refunding?.refundable ?? 0) / 100, projectAction: 'none' }}
        modalProps={{ destroyOnClose: true, onCancel: () => setRefunding(null) }}
        submitter={{ searchConfig: { submitText: 'Refund', resetText: 'Cancel' } }}
        onFinish={async ({ pounds, reason, projectAction }) => {
          if (!refunding) return false;
          try {
            await refundPayment(refunding.id, {
              amount: poundsToPence(pounds),
              requestId: refunding.requestId,
              reason,
              projectAction: refunding.projectId ? projectAction : 'none',
            });
            toast.success('Refund made', `${formatPence(poundsToPence(pounds))} refunded through Stripe.`);
            setRefunding(null);
            setIssuesKey((k) => k + 1);
            await table.reload();
            return true;
          } catch (err) {
            toast.failure(err, 'Failed to refund.');
            return false;
          }
        }}
      >
        <Typography.Paragraph>
          Up to {formatPence(refunding?.refundable ?? 0)} can be refunded. The money goes back to the
          customer's card, and the customer is mailed the amount and your reason.
        </Typography.Paragraph>
        <ProFormDigit
          name="pounds"
          label="Amount (£)"
          min={0.01}
          max={(refunding?.refundable ?? 0) / 100}
          fieldProps={{ precision: 2 }}
          rules={[{ required: true, message: 'Enter the amount to refund' }]}
        />
        <ProFormTextArea
          name="reason"
          label="Reason (mailed to the client)"
          fieldProps={{ maxLength: 500, showCount: true, rows: 3 }}
          rules={[
            { required: true, whitespace: true, message: 'Give the reason for the refund' },
            { min: 3, message: 'At least 3 characters' },
          ]}
        />
        {refunding?.projectId ? (
          <ProFormRadio.Group
            name="projectAction"
            label="The project"
            options={[
              { label: 'Leave it as it is', value: 'none' },
              { label: 'Put it on hold', value: 'on_hold' },
              { label: 'Cancel it', value: 'cancelled' },
            ]}
          />
        ) : null}
      </ModalForm>
    </PageContainer>
  );
}
