import type { AppConfig } from '../config/app-config';
import { MailQueueUnavailableError, MailService } from '../mail/mail.service';
import type { RecipientLimiter } from '../mail/recipient-limiter';
import type { ContactRepository } from './contact.repository';
import { ContactService, serviceLabel } from './contact.service';
import { ContactEntity } from './entities/contact.entity';

const config = { siteName: 'Studio', mail: { adminNotifyEmail: 'admin@example.com' } } as AppConfig;
const dto = { name: 'Ann', email: 'ann@example.com', service: 'mix', message: 'Please mix my song.' };

function setup(enqueue: jest.Mock) {
  const saved: ContactEntity[] = [];
  const repo = {
    insert: jest.fn(async (v: ContactEntity) => {
      const row = { ...v, id: saved.length + 1, createdAt: new Date() };
      saved.push(row);
      return row;
    }),
  } as unknown as ContactRepository;
  const service = new ContactService(
    repo,
    { enqueue, adminAddress: async () => config.mail.adminNotifyEmail } as unknown as MailService,
    { allow: async () => true } as unknown as RecipientLimiter,
    config,
  );
  return { service, saved, enqueue };
}

describe('ContactService', () => {
  it('saves first, then queues the thank-you and the admin notice with stable job ids', async () => {
    const { service, saved, enqueue } = setup(jest.fn(async (job: { jobId: string }) => job.jobId));
    const outcome = await service.submit(dto);
    expect(saved).toHaveLength(1);
    expect(outcome).toEqual({
      contactId: 1,
      customerThankYou: { success: true, messageId: 'contact-1-thank-you' },
      adminNotification: { success: true, messageId: 'contact-1-notification' },
    });
    expect(enqueue.mock.calls.map(([j]) => [j.template, j.to])).toEqual([
      ['contact-thank-you', 'ann@example.com'],
      ['contact-notification', 'admin@example.com'],
    ]);
    expect(enqueue.mock.calls[1][0].replyTo).toBe('ann@example.com');
  });

  it('keeps the message and reports the mails as not queued when the queue is down', async () => {
    const { service, saved } = setup(jest.fn().mockRejectedValue(new MailQueueUnavailableError('x')));
    const outcome = await service.submit(dto);
    expect(saved).toHaveLength(1);
    expect(outcome.customerThankYou).toEqual({ success: false, messageId: null });
    expect(outcome.adminNotification).toEqual({ success: false, messageId: null });
  });

  it('drops a honeypot submission silently', async () => {
    const { service, saved, enqueue } = setup(jest.fn());
    const outcome = await service.submit({ ...dto, website: 'spam' });
    expect(saved).toHaveLength(0);
    expect(enqueue).not.toHaveBeenCalled();
    expect(outcome.customerThankYou.success).toBe(true);
  });

  it('labels services as the form does', () => {
    expect(serviceLabel('mix-master')).toBe('Mix & Master');
    expect(serviceLabel('free-mix')).toBe('Free Mix');
    expect(serviceLabel('production')).toBe('Production');
  });
});
