import { Controller, Get } from '@nestjs/common';
import { Auth } from '../common/decorators/roles.decorator';
import { MailService } from '../mail/mail.service';
import { londonMonth } from '../newsletter/lottery/lottery.service';
import { NewsletterService } from '../newsletter/newsletter.service';
import { ContactService } from './contact.service';

/** Start of the current month in London, as an instant. */
export function startOfLondonMonth(now: Date = new Date()): Date {
  const [year, month] = londonMonth(now).split('-').map(Number);
  // Midnight on the 1st in London is 00:00 UTC in winter and 23:00 UTC the day before in summer.
  const utcMidnight = Date.UTC(year, month - 1, 1);
  const offsetHours = londonMonth(new Date(utcMidnight - 1)) === londonMonth(now) ? 1 : 0;
  return new Date(utcMidnight - offsetHours * 3_600_000);
}

/** Numbers for the admin dashboard's messaging card. */
@Controller('api/admin/stats')
export class MessagingStatsController {
  constructor(
    private readonly contacts: ContactService,
    private readonly newsletter: NewsletterService,
    private readonly mail: MailService,
  ) {}

  @Get('messaging')
  @Auth('admin', 'editor')
  async messaging() {
    const since = startOfLondonMonth();
    const [contactsThisMonth, subscribersThisMonth, failedMailJobs] = await Promise.all([
      this.contacts.countSince(since),
      this.newsletter.countSince(since),
      this.mail.failedCount(),
    ]);
    return { success: true, contactsThisMonth, subscribersThisMonth, failedMailJobs };
  }
}
