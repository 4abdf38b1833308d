import { Controller, Get } from '@nestjs/common';
import { Auth } from '../common/decorators/roles.decorator';
import { MailService } from '../mail/mail.service';
import { startOfLondonMonth } from '../common/london-month';
import { NewsletterService } from '../newsletter/newsletter.service';
import { ContactService } from './contact.service';

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
