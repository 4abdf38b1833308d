import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Post,
  Query,
  Res,
  StreamableFile,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { createReadStream } from 'node:fs';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { badRequest } from '../common/errors/app.exception';
import { PublicThrottle, THROTTLES } from '../common/guards/public-throttle';
import { SubscribeDto } from './dto/newsletter.dto';
import { GUIDE_FILE, GUIDE_FILENAME, NewsletterService, SUBSCRIBE_MESSAGES } from './newsletter.service';
import { confirmPage, unsubscribePage } from './unsubscribe-page';

@Controller('api/newsletter')
export class NewsletterController {
  constructor(
    private readonly newsletter: NewsletterService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('subscribe')
  @PublicThrottle(...THROTTLES.newsletter, 'newsletter')
  async subscribe(@Body() dto: SubscribeDto) {
    const { status, confirmationQueued } = await this.newsletter.subscribe(dto.email, dto.referralCode);
    return {
      success: true,
      message: SUBSCRIBE_MESSAGES[status],
      status,
      alreadySubscribed: status === 'already-subscribed',
      // Double opt-in: what was mailed is the confirmation link, not yet the welcome.
      emailStatus: { confirmation: confirmationQueued },
    };
  }

  /** The link in the confirmation mail: a small page saying what happened. */
  @Get('confirm')
  @PublicThrottle(...THROTTLES.unsubscribe)
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  async confirm(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const outcome = await this.newsletter.confirm(token);
    reply.status(outcome ? 200 : 400);
    return confirmPage(this.config.siteName, this.config.publicUrl, outcome);
  }

  /** The link in every newsletter mail: works without login and says what it did. */
  @Get('unsubscribe')
  @PublicThrottle(...THROTTLES.unsubscribe)
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  async unsubscribePage(@Query('token') token: unknown, @Res({ passthrough: true }) reply: FastifyReply) {
    const outcome = await this.newsletter.unsubscribeByToken(token);
    reply.status(outcome ? 200 : 400);
    return unsubscribePage(this.config.siteName, this.config.publicUrl, outcome);
  }

  /** RFC 8058 one-click: mail providers POST `List-Unsubscribe=One-Click` to the header's URL. */
  @Post('unsubscribe')
  @HttpCode(200)
  @PublicThrottle(...THROTTLES.unsubscribe)
  async unsubscribe(@Query('token') token: unknown) {
    const outcome = await this.newsletter.unsubscribeByToken(token);
    if (!outcome) throw badRequest('This unsubscribe link is not valid.', 'INVALID_UNSUBSCRIBE_TOKEN');
    return { success: true, message: `${outcome.email} has been unsubscribed from the newsletter.` };
  }

  /** The free mixing guide the welcome mail links to. */
  @Get('guide.pdf')
  @Header('content-type', 'application/pdf')
  @Header('content-disposition', `inline; filename="${GUIDE_FILENAME}"`)
  @Header('cache-control', 'public, max-age=86400')
  guide(): StreamableFile {
    return new StreamableFile(createReadStream(GUIDE_FILE));
  }
}
