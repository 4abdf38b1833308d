/**
 * The /admin/messages inbox: every contact message with its status, the delivery state of the
 * mails it caused, and a thread of replies. A reply is saved on the message before its mail is
 * queued (so the thread never loses what staff wrote), then sent through the mail queue; a
 * "deposit link" is a reply carrying a link to /checkout for a catalogue service, whose price
 * the server reads when the customer pays. The drawer also shows the sender's payments and
 * projects under the same email (SenderHistory).
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import {
  depositPence,
  formatPence,
  REPLY_MESSAGES,
  type AdminMessageDetail,
  type AdminMessageListItem,
  type MailDelivery,
  type MessageStatus,
} from '@studio/shared';
import { orderOf, pageOf } from '../common/admin-list.query';
import { badRequest, notFound, unavailable } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { ServicesService } from '../services/services.service';
import type { UserEntity } from '../users/entities/user.entity';
import { ContactRepository } from './contact.repository';
import { serviceLabel } from './contact.service';
import type { MessageListQuery, ReplyDto } from './dto/admin-messages.dto';
import { ContactEntity } from './entities/contact.entity';
import { SenderHistory } from './sender-history';

const PREVIEW_LENGTH = 140;

@Injectable()
export class AdminMessagesService {
  private readonly logger = new Logger(AdminMessagesService.name);

  constructor(
    private readonly repo: ContactRepository,
    private readonly mail: MailService,
    private readonly services: ServicesService,
    private readonly senders: SenderHistory,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(q: MessageListQuery): Promise<{ items: AdminMessageListItem[]; total: number }> {
    const [rows, total] = await this.repo.list(
      { ...orderOf(q, 'createdAt', 'desc'), service: q.service || undefined, status: q.status },
      pageOf(q),
    );
    return { items: rows.map((r) => listItem(r, r.replies)), total };
  }

  unreadCount(): Promise<number> {
    return this.repo.unreadCount();
  }

  /** Every message staff have not opened yet (archived ones aside), oldest first. */
  async unread(): Promise<AdminMessageListItem[]> {
    return (await this.repo.unread()).map((c) => listItem(c, 0));
  }

  /** Messages per week for the dashboard's chart (oldest first, empty weeks as 0). */
  weeklyCounts(weeks: number): Promise<{ week: string; count: number }[]> {
    return this.repo.weeklyCounts(weeks);
  }

  /** The drawer: opening it marks the message read. */
  async detail(id: number): Promise<AdminMessageDetail> {
    await this.repo.markRead(id);
    const contact = await this.get(id);
    const [thread, related] = await Promise.all([this.repo.thread(id), this.senders.of(contact.email)]);
    const jobIds = [
      `contact-${id}-thank-you`,
      `contact-${id}-notification`,
      ...thread.map((r) => r.mailJobId),
    ];
    const states = await this.mail.deliveryStates(jobIds);
    const delivery = (jobId: string, label: string): MailDelivery => ({
      jobId,
      label,
      ...(states.get(jobId) ?? { state: 'unknown', attempts: 0, error: null }),
    });
    return {
      ...listItem(contact, thread.length),
      message: contact.message,
      readAt: contact.readAt?.toISOString() ?? null,
      mails: [
        delivery(jobIds[0], 'Thank-you to the customer'),
        delivery(jobIds[1], 'Notification to the studio'),
      ],
      thread: thread.map((r) => ({
        id: r.id,
        kind: r.kind,
        body: r.body,
        author: r.authorName,
        createdAt: r.createdAt.toISOString(),
        delivery: delivery(r.mailJobId, r.kind === 'deposit-link' ? 'Deposit link' : 'Reply'),
      })),
      related,
    };
  }

  async setStatus(id: number, status: MessageStatus): Promise<AdminMessageDetail> {
    await this.get(id);
    await this.repo.update(id, { status });
    return this.detail(id);
  }

  async reply(id: number, dto: ReplyDto, author: UserEntity): Promise<AdminMessageDetail> {
    const contact = await this.get(id);
    const authorName = author.displayName || author.username;
    // The same key (a double click, a retry) is the same reply: recorded and mailed once.
    const jobId = `contact-${id}-reply-${dto.idempotencyKey ?? randomUUID()}`;
    const idempotencyKey = dto.idempotencyKey ?? null;
    let job: Parameters<MailService['enqueue']>[0];
    let kind: 'reply' | 'deposit-link' = 'reply';
    let serviceId: number | null = null;
    let body = dto.body ?? '';
    const context = {
      name: contact.name,
      message: contact.message,
      receivedAt: contact.createdAt.toUTCString(),
      body,
    };

    if (dto.serviceId !== undefined) {
      const service = await this.services.findActiveById(dto.serviceId);
      if (!service) throw badRequest('Unknown service', 'UNKNOWN_SERVICE');
      kind = 'deposit-link';
      serviceId = service.id;
      const payUrl = `${this.config.publicUrl}/checkout?serviceId=${service.id}`;
      body = body || `Deposit link for ${service.name}: ${payUrl}`;
      job = {
        template: 'deposit-link',
        to: contact.email,
        subject: `Book your ${service.name}: ${formatPence(depositPence(service.price))} deposit`,
        context: {
          ...context,
          serviceName: service.name,
          priceFormatted: formatPence(service.price),
          depositFormatted: formatPence(depositPence(service.price)),
          payUrl,
        },
        jobId,
      };
    } else {
      if (!body) {
        throw badRequest(REPLY_MESSAGES.body, 'VALIDATION_FAILED', [
          { field: 'body', message: REPLY_MESSAGES.body },
        ]);
      }
      job = {
        template: 'contact-reply',
        to: contact.email,
        subject: `Re: your message to ${this.config.siteName}`,
        context,
        jobId,
      };
    }
    const recorded = await this.repo.insertReply({
      contactId: id,
      authorId: author.id,
      authorName,
      kind,
      body,
      serviceId,
      mailJobId: jobId,
      idempotencyKey,
    });
    // Already recorded under this key: the first request queued the mail.
    if (!recorded) return this.detail(id);
    if (contact.status !== 'archived') await this.repo.update(id, { status: 'replied' });

    try {
      // With Redis away it is parked in the outbox: it goes when Redis is back, and the drawer shows 'outbox'.
      await this.mail.enqueueQuietly({ ...job, replyTo: await this.mail.adminAddress() });
    } catch (err) {
      this.logger.error(`Reply ${jobId} not queued: ${(err as Error).message}`);
      throw unavailable(
        'The reply was saved but could not be queued. Please try again.',
        'MAIL_QUEUE_UNAVAILABLE',
      );
    }
    return this.detail(id);
  }

  private async get(id: number): Promise<ContactEntity> {
    const contact = await this.repo.findById(id);
    if (!contact) throw notFound('Message not found.', 'MESSAGE_NOT_FOUND');
    return contact;
  }
}

function listItem(c: ContactEntity, replies: number): AdminMessageListItem {
  const flat = c.message.replace(/\s+/g, ' ').trim();
  return {
    id: c.id,
    name: c.name,
    email: c.email,
    service: c.service,
    serviceLabel: serviceLabel(c.service),
    preview: flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH - 1)}…` : flat,
    status: c.status,
    unread: c.readAt === null,
    replies,
    createdAt: c.createdAt.toISOString(),
  };
}
