/**
 * The admin email test tools of spec §2: each test is an ordinary queued mail, so a test that
 * arrives proves the whole pipeline (queue, worker, SMTP, the recipient's filters).
 */
import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { unavailable } from '../common/errors/app.exception';
import type { DebugEmailDto, DeliveryTestDto } from './dto/email-test.dto';
import { MailService } from './mail.service';
import type { MailContexts } from './mail-templates';
import type { MailRequest } from './mail.types';

export interface DeliveryResult {
  method: 'plain-text' | 'html-with-text' | 'with-attachment';
  description: string;
  success: boolean;
  messageId: string | null;
}

const QUEUE_DOWN = 'The mail queue is unavailable right now. The test will be sent when it is back.';

@Injectable()
export class EmailTestService {
  constructor(
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sendAdminTest(dto: DebugEmailDto, requestedBy: string) {
    const recipient = await this.mail.adminAddress();
    const timestamp = dto.timestamp || new Date().toISOString();
    const subject = dto.subject || `Test Email from ${this.config.siteName}`;
    const messageId = await this.queueOrFail({
      template: 'admin-test',
      to: recipient,
      subject,
      context: {
        heading: subject,
        message:
          dto.message ||
          `This is a test email from ${this.config.siteName}, sent from the admin email test page.`,
        timestamp,
        extraInfo: dto.extraInfo,
        requestedBy,
      },
    });
    return { recipient, timestamp, messageId };
  }

  async sendCustomerTest(email: string) {
    const messageId = await this.queueOrFail({
      template: 'customer-test',
      to: email,
      subject: `Test email from ${this.config.siteName}`,
      context: this.customerContext({}),
    });
    return { recipient: email, messageId };
  }

  /**
   * Hotmail/Outlook filter mail differently by its shape, so the Microsoft test sends three
   * mails: text only, HTML with a text part, and one with an attachment. Others get one mail.
   */
  async sendDeliveryTest(dto: DeliveryTestDto) {
    const variants: Omit<DeliveryResult, 'success' | 'messageId'>[] =
      dto.provider === 'microsoft'
        ? [
            { method: 'plain-text', description: 'Plain text only' },
            { method: 'html-with-text', description: 'HTML with a plain-text alternative' },
            { method: 'with-attachment', description: 'HTML with a small text attachment' },
          ]
        : [{ method: 'html-with-text', description: 'HTML with a plain-text alternative' }];
    const results: DeliveryResult[] = [];
    for (const [i, v] of variants.entries()) {
      const job: MailRequest = {
        template: 'customer-test',
        to: dto.email,
        subject: `Delivery test ${i + 1} of ${variants.length} from ${this.config.siteName}: ${v.description.toLowerCase()}`,
        context: this.customerContext({ name: dto.name, method: v.description, service: dto.service }),
        format: v.method === 'plain-text' ? 'text' : 'both',
        attachments:
          v.method === 'with-attachment'
            ? [
                {
                  filename: 'delivery-test.txt',
                  path: 'mail/assets/delivery-test.txt',
                  contentType: 'text/plain',
                },
              ]
            : undefined,
      };
      const messageId = await this.mail.enqueue(job).catch(() => null);
      results.push({ ...v, success: messageId !== null, messageId });
    }
    if (results.every((r) => !r.success)) throw unavailable(QUEUE_DOWN, 'MAIL_QUEUE_UNAVAILABLE');
    return {
      recipient: dto.email,
      provider: dto.provider,
      allQueued: results.every((r) => r.success),
      results,
    };
  }

  private customerContext(
    extra: Omit<MailContexts['customer-test'], 'fromAddress' | 'sentAt'>,
  ): MailContexts['customer-test'] {
    return { fromAddress: this.config.mail.from, sentAt: new Date().toISOString(), ...extra };
  }

  private async queueOrFail(job: MailRequest): Promise<string> {
    try {
      return await this.mail.enqueue(job);
    } catch {
      throw unavailable(QUEUE_DOWN, 'MAIL_QUEUE_UNAVAILABLE');
    }
  }
}
