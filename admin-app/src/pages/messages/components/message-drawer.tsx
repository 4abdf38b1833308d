import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Descriptions, Drawer, Empty, Input, Select, Space, Tag, Timeline, Typography } from 'antd';
import { InboxOutlined, SendOutlined } from '@ant-design/icons';
import {
  depositPence,
  formatPence,
  PROJECT_STATUS_LABELS,
  REPLY_LIMITS,
  type AdminMessageDetail,
  type MailDelivery,
  type MessageStatus,
} from '@studio/shared';
import { useToast } from '../../../hooks/use-toast';
import { formatDateTime } from '../../../utils/format';
import {
  getMessage,
  listBookable,
  newReplyKey,
  replyToMessage,
  setMessageStatus,
  UNREAD_QUERY_KEY,
} from '../service';

const PAYMENT_KINDS: Record<string, string> = {
  deposit: 'Deposit',
  plan: 'Plan booking',
  custom: 'Custom payment',
  balance: 'Balance',
};

/** Links inside lines of text are underlined: colour alone does not set them apart. */
const UNDERLINED = { textDecoration: 'underline' } as const;

/** The sender's bookings (payments) and projects under the same email, each linked. */
function RelatedRecords({ message: m }: { message: AdminMessageDetail }) {
  const { payments, paymentsTotal, projects } = m.related;
  return (
    <section aria-labelledby="related-heading">
      <Typography.Title level={2} style={{ fontSize: 16 }} id="related-heading">
        Bookings and projects of {m.email}
      </Typography.Title>
      {!payments.length && !projects.length ? (
        <Typography.Text type="secondary">No bookings or projects under this email.</Typography.Text>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          {projects.length ? (
            <ul style={{ margin: 0, paddingLeft: 20 }} aria-label="Projects">
              {projects.map((p) => (
                <li key={p.id}>
                  <Link to={`/admin/projects/${encodeURIComponent(p.id)}`} style={UNDERLINED}>
                    Project: {p.serviceName}
                  </Link>{' '}
                  · {PROJECT_STATUS_LABELS[p.status]} · opened {formatDateTime(p.createdAt)}
                </li>
              ))}
            </ul>
          ) : null}
          {payments.length ? (
            <ul style={{ margin: 0, paddingLeft: 20 }} aria-label="Bookings">
              {payments.map((p) => (
                <li key={p.id}>
                  {PAYMENT_KINDS[p.kind] ?? p.kind}
                  {p.serviceName ? ` for ${p.serviceName}` : ''}: {formatPence(p.amount)} ·{' '}
                  {p.status.replace('_', ' ')} · {formatDateTime(p.createdAt)}
                </li>
              ))}
            </ul>
          ) : null}
          {payments.length ? (
            <Link to={`/admin/payments?search=${encodeURIComponent(m.email)}`} style={UNDERLINED}>
              {paymentsTotal > payments.length
                ? `See all ${paymentsTotal} payments in the ledger`
                : 'See these payments in the ledger'}
            </Link>
          ) : null}
        </Space>
      )}
    </section>
  );
}

const DELIVERY_COLOURS: Record<MailDelivery['state'], string> = {
  sent: 'green',
  queued: 'blue',
  retrying: 'orange',
  failed: 'red',
  outbox: 'purple',
  unknown: 'default',
};

export function DeliveryTag({ delivery }: { delivery: MailDelivery }) {
  const extra = delivery.state === 'retrying' ? ` (attempt ${delivery.attempts + 1})` : '';
  return (
    <Tag color={DELIVERY_COLOURS[delivery.state]} title={delivery.error ?? undefined}>
      {delivery.state === 'outbox' ? 'waiting (outbox)' : delivery.state}
      {extra}
    </Tag>
  );
}

export const STATUS_COLOURS: Record<MessageStatus, string> = {
  new: 'gold',
  replied: 'green',
  archived: 'default',
};

interface Props {
  id: number | null;
  onClose: () => void;
  onChanged: () => void;
}

/** The message, its mails' delivery states, the thread, and the reply and deposit-link boxes. */
export function MessageDrawer({ id, onClose, onChanged }: Props) {
  const toast = useToast();
  const queryClient = useQueryClient();
  const [body, setBody] = useState('');
  const [serviceId, setServiceId] = useState<number | undefined>();
  const detail = useQuery({
    queryKey: ['admin-message', id],
    queryFn: async () => {
      const res = await getMessage(id as number);
      // Opening marks it read: the menu's count changes.
      void queryClient.invalidateQueries({ queryKey: UNREAD_QUERY_KEY });
      return res.message;
    },
    enabled: id !== null,
  });
  const services = useQuery({ queryKey: ['/api/services'], queryFn: listBookable, enabled: id !== null });

  const after = (message: AdminMessageDetail) => {
    queryClient.setQueryData(['admin-message', id], message);
    onChanged();
  };
  // One key per reply being written: a double click (or a retry) sends it once.
  const replyKey = useRef(newReplyKey());
  const reply = useMutation({
    mutationFn: (payload: { body?: string; serviceId?: number }) =>
      replyToMessage(id as number, { ...payload, idempotencyKey: replyKey.current }),
    onSuccess: (res, payload) => {
      replyKey.current = newReplyKey();
      after(res.message);
      setBody('');
      setServiceId(undefined);
      toast.success(payload.serviceId ? 'Deposit link sent' : 'Reply sent');
    },
    onError: (err) => toast.failure(err, 'Failed to send the reply.'),
  });
  const status = useMutation({
    mutationFn: (next: MessageStatus) => setMessageStatus(id as number, next),
    onSuccess: (res) => after(res.message),
    onError: (err) => toast.failure(err, 'Failed to change the status.'),
  });

  const m = detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      width={640}
      title={m ? `Message from ${m.name}` : 'Message'}
      extra={
        m ? (
          <Button
            icon={<InboxOutlined />}
            loading={status.isPending}
            onClick={() => status.mutate(m.status === 'archived' ? 'new' : 'archived')}
          >
            {m.status === 'archived' ? 'Move to inbox' : 'Archive'}
          </Button>
        ) : null
      }
    >
      {detail.isError && <Empty description="Could not load this message." />}
      {m && (
        <Space direction="vertical" size="large" style={{ width: '100%' }}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="From">
              {m.name} &lt;<a href={`mailto:${m.email}`}>{m.email}</a>&gt;
            </Descriptions.Item>
            <Descriptions.Item label="Service">{m.serviceLabel}</Descriptions.Item>
            <Descriptions.Item label="Received">{formatDateTime(m.createdAt)}</Descriptions.Item>
            <Descriptions.Item label="Status">
              <Tag color={STATUS_COLOURS[m.status]}>{m.status}</Tag>
            </Descriptions.Item>
            {m.mails.map((d) => (
              <Descriptions.Item key={d.jobId} label={d.label}>
                <DeliveryTag delivery={d} />
              </Descriptions.Item>
            ))}
          </Descriptions>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} aria-label="Message text">
            {m.message}
          </Typography.Paragraph>

          <RelatedRecords message={m} />

          <div>
            <Typography.Title level={2} style={{ fontSize: 16 }}>
              Thread
            </Typography.Title>
            {m.thread.length ? (
              <Timeline
                items={m.thread.map((r) => ({
                  key: r.id,
                  children: (
                    <div>
                      <Typography.Text type="secondary">
                        {r.kind === 'deposit-link' ? 'Deposit link' : 'Reply'} by {r.author ?? 'staff'},{' '}
                        {formatDateTime(r.createdAt)} <DeliveryTag delivery={r.delivery} />
                      </Typography.Text>
                      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                        {r.body}
                      </Typography.Paragraph>
                    </div>
                  ),
                }))}
              />
            ) : (
              <Typography.Text type="secondary">No replies yet.</Typography.Text>
            )}
          </div>

          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea
              aria-label="Reply"
              placeholder={`Reply to ${m.name}…`}
              rows={5}
              maxLength={REPLY_LIMITS.bodyMax}
              showCount
              value={body}
              onChange={(e) => {
                // Different words are a different reply; a retry of the same words keeps its key.
                replyKey.current = newReplyKey();
                setBody(e.target.value);
              }}
            />
            <Button
              type="primary"
              icon={<SendOutlined />}
              disabled={body.trim().length < REPLY_LIMITS.bodyMin || reply.isPending}
              loading={reply.isPending && !serviceId}
              onClick={() => reply.mutate({ body: body.trim() })}
            >
              Send reply
            </Button>
          </Space>

          <Space wrap>
            <Select
              aria-label="Service for the deposit link"
              placeholder="Choose a service"
              style={{ minWidth: 260 }}
              value={serviceId}
              onChange={setServiceId}
              options={(services.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.name}: ${formatPence(depositPence(s.price))} deposit`,
              }))}
            />
            <Button
              disabled={!serviceId || reply.isPending}
              loading={reply.isPending && !!serviceId}
              onClick={() => reply.mutate({ serviceId, ...(body.trim() ? { body: body.trim() } : {}) })}
            >
              Send a deposit link
            </Button>
          </Space>
        </Space>
      )}
    </Drawer>
  );
}
