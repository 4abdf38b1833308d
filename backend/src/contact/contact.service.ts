/**
 * Contact messages. The message is saved before any mail is queued, so whatever happens to
 * Redis or SMTP afterwards, nothing the visitor wrote is lost; the mails report their own fate
 * in `emailStatus` and never fail the request.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { DELIVERY, serviceLabel as sharedServiceLabel } from '@studio/shared';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import type { MailRequest } from '../mail/mail.types';
import { RecipientLimiter } from '../mail/recipient-limiter';
import { ContactRepository } from './contact.repository';
import type { ContactDto } from './dto/contact.dto';
import { ContactEntity } from './entities/contact.entity';

export const CONTACT_SUCCESS_MESSAGE = `We've received your message and will get back to you within ${DELIVERY.contactReplyHours}.`;

export interface MailOutcome {
  success: boolean;
  messageId: string | null;
}

export interface ContactOutcome {
  contactId: number | null;
  customerThankYou: MailOutcome;
  adminNotification: MailOutcome;
}

/** A form value's label, or the value itself when it has none. */
export function serviceLabel(value: string): string {
  return sharedServiceLabel(value) ?? value;
}

@Injectable()
export class ContactService {
  private readonly logger = new Logger(ContactService.name);

  constructor(
    private readonly contacts: ContactRepository,
    private readonly mail: MailService,
    private readonly recipients: RecipientLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async submit(dto: ContactDto): Promise<ContactOutcome> {
    if (dto.website?.trim()) {
      // A bot filled the hidden field: look exactly like success, keep and send nothing.
      this.logger.warn(`Contact honeypot triggered (${dto.email}); message dropped`);
      const fake = (): MailOutcome => ({ success: true, messageId: `contact-${randomUUID()}` });
      return { contactId: null, customerThankYou: fake(), adminNotification: fake() };
    }
    const contact = await this.contacts.insert({
      name: dto.name,
      email: dto.email,
      message: dto.message,
      service: dto.service,
    });
    const context = {
      contactId: contact.id,
      name: contact.name,
      email: contact.email,
      message: contact.message,
      service: contact.service,
      serviceLabel: serviceLabel(contact.service),
      receivedAt: contact.createdAt.toUTCString(),
    };
    // Queued side by side, so a slow or absent Redis costs the visitor one timeout, not two.
    const [customerThankYou, adminNotification] = await Promise.all([
      this.thankYou(contact),
      this.queue({
        template: 'contact-notification',
        to: await this.mail.adminAddress(),
        subject: `New contact message from ${contact.name} (${serviceLabel(contact.service)})`,
        context,
        replyTo: contact.email,
        jobId: `contact-${contact.id}-notification`,
      }),
    ]);
    return { contactId: contact.id, customerThankYou, adminNotification };
  }

  /** Messages received since `since` (the ops dashboard's "this month"). */
  countSince(since: Date): Promise<number> {
    return this.contacts.countSince(since);
  }

  /**
   * The thank-you goes to an address nobody has proven is the visitor's: it repeats nothing they
   * wrote (no name, no message: the form cannot be used to mail a stranger our text with theirs
   * inside), and an address gets at most VISITOR_MAIL.perAddressPerDay of them.
   */
  private async thankYou(contact: ContactEntity): Promise<MailOutcome> {
    if (!(await this.recipients.allow(contact.email))) {
      this.logger.warn(`Contact ${contact.id}: thank-you not sent, the address had its mails for today`);
      return { success: false, messageId: null };
    }
    return this.queue({
      template: 'contact-thank-you',
      to: contact.email,
      subject: `Thanks for contacting ${this.config.siteName}`,
      context: {
        contactId: contact.id,
        service: contact.service,
        serviceLabel: serviceLabel(contact.service),
      },
      jobId: `contact-${contact.id}-thank-you`,
    });
  }

  private async queue(job: MailRequest): Promise<MailOutcome> {
    try {
      return { success: true, messageId: await this.mail.enqueue(job) };
    } catch (err) {
      this.logger.warn(`Contact mail ${job.jobId} not queued: ${(err as Error).message}`);
      return { success: false, messageId: null };
    }
  }
}
