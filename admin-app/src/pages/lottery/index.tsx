/** /admin/lottery: every monthly free-mix draw; draw this month (once, whatever is clicked), re-send the winner mail. */
import { PageContainer, ProTable, type ProColumns } from '@ant-design/pro-components';
import { App, Button } from 'antd';
import { getJson, postJson, type AdminLotteryDraw } from '@studio/shared';
import { ConfirmButton } from '../../components/confirm';
import { PageTitle } from '../../components/page-title';
import { useServerTable } from '../../hooks/use-server-table';
import { useToast } from '../../hooks/use-toast';
import { formatDateTime } from '../../utils/format';

const PATH = '/api/admin/lottery/draws';

export default function LotteryPage() {
  const toast = useToast();
  const { message } = App.useApp();
  const table = useServerTable<AdminLotteryDraw>({
    load: async () => {
      const res = await getJson<{ items: AdminLotteryDraw[]; total: number }>(PATH);
      return { data: res.items, total: res.total, success: true };
    },
    failure: 'Failed to fetch draws',
  });

  const columns: ProColumns<AdminLotteryDraw>[] = [
    { title: 'Month', dataIndex: 'month' },
    {
      title: 'Pool',
      dataIndex: 'entrants',
      render: (_, d) => `${d.entrants} subscriber${d.entrants === 1 ? '' : 's'}`,
    },
    { title: 'Winner', dataIndex: 'winnerEmail', render: (_, d) => d.winnerEmail ?? 'No winner' },
    {
      title: 'Drawn',
      dataIndex: 'drawnAt',
      render: (_, d) =>
        `${formatDateTime(d.drawnAt)} by ${d.drawnBy === 'schedule' ? 'the monthly schedule' : d.drawnBy}`,
    },
    {
      title: 'Winner mail',
      dataIndex: 'notifiedAt',
      render: (_, d) =>
        d.notifiedAt
          ? `Queued ${formatDateTime(d.notifiedAt)}${d.resendCount ? `, re-sent ${d.resendCount}×` : ''}`
          : 'Not queued yet',
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, d) =>
        d.winnerEmail ? (
          <Button
            size="small"
            onClick={async () => {
              try {
                await postJson(`${PATH}/${d.id}/resend`);
                message.success('Winner mail queued again');
                await table.reload();
              } catch (err) {
                toast.failure(err, 'Failed to re-send the mail.');
              }
            }}
          >
            Re-send winner mail
          </Button>
        ) : null,
    },
  ];

  return (
    <PageContainer
      title={<PageTitle>Lottery</PageTitle>}
      content="One subscriber wins a free mix each month. A month is drawn once, by the schedule or here."
      extra={[
        <ConfirmButton
          key="draw"
          title="Draw this month now?"
          description="If this month is already drawn, nothing changes."
          onConfirm={async () => {
            try {
              const res = await postJson<{ created: boolean; draw: AdminLotteryDraw }>(PATH, {});
              message.success(
                res.created
                  ? `Drawn: ${res.draw.winnerEmail ?? 'no entrants'}`
                  : 'This month was already drawn',
              );
              await table.reload();
            } catch (err) {
              toast.failure(err, 'Failed to draw.');
            }
          }}
        >
          <Button type="primary">Draw this month</Button>
        </ConfirmButton>,
      ]}
    >
      <ProTable<AdminLotteryDraw>
        {...table.tableProps}
        columns={columns}
        search={false}
        headerTitle="Draws"
        pagination={false}
      />
    </PageContainer>
  );
}
