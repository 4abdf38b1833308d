/**
 * The contact, newsletter and comment forms posted by the browser itself (form-encoded), which
 * happens when a visitor sends a prerendered form before the site's scripts have run. Each route
 * is the path the form posts to, runs the same validation, service and rate-limit bucket as the
 * JSON API, and answers like a web page: a 303 to a thank-you page, or an HTML error page
 * (NativeFormErrorFilter).
 */
import {
  Body,
  Controller,
  Get,
  Header,
  Inject,
  Param,
  Post,
  Query,
  Redirect,
  UseFilters,
  UseGuards,
} from '@nestjs/common';
import { CommentsService } from '../blog/comments/comments.service';
import { COMMENT_THROTTLE } from '../blog/comments/comments.controller';
import { CreateCommentDto } from '../blog/comments/dto/comment.dto';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { notFound } from '../common/errors/app.exception';
import { OptionalJwtAuthGuard } from '../common/guards/jwt-auth.guard';
import { PublicThrottle, THROTTLES } from '../common/guards/public-throttle';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { ContactService } from '../contact/contact.service';
import { ContactDto } from '../contact/dto/contact.dto';
import { SubscribeDto } from '../newsletter/dto/newsletter.dto';
import { NewsletterService } from '../newsletter/newsletter.service';
import type { UserEntity } from '../users/entities/user.entity';
import { NativeFormErrorFilter } from './native-form.filter';
import { NativeForm, thankYouPage } from './native-form-pages';

const SEE_OTHER = 303;
const FORMS: NativeForm[] = ['contact', 'newsletter', 'comment'];

@Controller()
@UseFilters(NativeFormErrorFilter)
export class NativeFormsController {
  constructor(
    private readonly contacts: ContactService,
    private readonly newsletter: NewsletterService,
    private readonly comments: CommentsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The contact page's form has no action: it posts to the page, /contact (?service=… kept). */
  @Post('contact')
  @PublicThrottle(...THROTTLES.contact, 'contact')
  @Redirect()
  async contact(@Body() dto: ContactDto) {
    await this.contacts.submit(dto);
    return { url: '/thanks/contact', statusCode: SEE_OTHER };
  }

  @Post('newsletter')
  @PublicThrottle(...THROTTLES.newsletter, 'newsletter')
  @Redirect()
  async subscribe(@Body() dto: SubscribeDto) {
    await this.newsletter.subscribe(dto.email, dto.referralCode);
    return { url: '/thanks/newsletter', statusCode: SEE_OTHER };
  }

  /** The comment form posts to its post's page. */
  @Post('blog/post/:slug')
  @PublicThrottle(COMMENT_THROTTLE.limit, COMMENT_THROTTLE.ttlMs, 'comment')
  @UseGuards(OptionalJwtAuthGuard)
  @Redirect()
  async comment(
    @Param('slug') slug: string,
    @Body() dto: CreateCommentDto,
    @CurrentUser() user: UserEntity | null,
  ) {
    await this.comments.submit(slug, dto, user?.id ?? null);
    return { url: `/thanks/comment?post=${encodeURIComponent(slug)}`, statusCode: SEE_OTHER };
  }

  @Get('thanks/:form')
  @Header('content-type', 'text/html; charset=utf-8')
  @Header('cache-control', 'no-store')
  thanks(@Param('form') form: string, @Query('post') post?: unknown): string {
    if (!FORMS.includes(form as NativeForm)) throw notFound('Not found.');
    const site = { siteName: this.config.siteName, publicUrl: this.config.publicUrl };
    const back =
      form === 'comment' && typeof post === 'string' && /^[a-z0-9-]{1,255}$/.test(post)
        ? { href: `${this.config.publicUrl}/blog/post/${post}`, label: 'Back to the post' }
        : undefined;
    return thankYouPage(site, form as NativeForm, back);
  }
}
