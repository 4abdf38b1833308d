import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type {
  NewsletterIssueActionResult,
  NewsletterPreview,
  NewsletterSendResult,
  PagedResponse,
} from '@studio/shared';
import type { AdminNewsletterIssue } from '@studio/shared';
import { IdParamPipe } from '../../common/pipes/id-param.pipe';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { Auth } from '../../common/decorators/roles.decorator';
import type { UserEntity } from '../../users/entities/user.entity';
import { NewsletterIssueListQuery, SaveNewsletterIssueDto } from './dto/newsletter-issue.dto';
import { NewsletterIssuesService } from './newsletter-issues.service';

/** /admin/newsletter: write, preview, test and send issues. Personal data, so admins only. */
@Controller('api/admin/newsletter')
@Auth('admin')
export class AdminNewsletterController {
  constructor(private readonly issues: NewsletterIssuesService) {}

  @Get('issues')
  async list(@Query() q: NewsletterIssueListQuery): Promise<PagedResponse<AdminNewsletterIssue>> {
    return { success: true, ...(await this.issues.list(q)) };
  }

  @Post('issues')
  async create(@Body() dto: SaveNewsletterIssueDto, @CurrentUser() user: UserEntity) {
    return { success: true, message: 'Issue saved', issue: await this.issues.create(dto, user) };
  }

  /** The issue and its progress (sent, failed, skipped, remaining); `audience`: active subscribers now. */
  @Get('issues/:id')
  async get(@Param('id', IdParamPipe) id: number) {
    return { success: true, issue: await this.issues.get(id), audience: await this.issues.audience() };
  }

  @Put('issues/:id')
  async update(@Param('id', IdParamPipe) id: number, @Body() dto: SaveNewsletterIssueDto) {
    return { success: true, message: 'Issue saved', issue: await this.issues.update(id, dto) };
  }

  @Delete('issues/:id')
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number) {
    await this.issues.remove(id);
    return { success: true, message: 'Issue deleted' };
  }

  /** Renders (unsaved) subject and body as the mail subscribers will get. */
  @Post('preview')
  @HttpCode(200)
  preview(@Body() dto: SaveNewsletterIssueDto): NewsletterPreview {
    return { success: true, ...this.issues.preview(dto) };
  }

  @Post('issues/:id/test')
  @HttpCode(200)
  async test(@Param('id', IdParamPipe) id: number, @CurrentUser() user: UserEntity) {
    const { to } = await this.issues.sendTest(id, user);
    return { success: true, message: `Test mail queued to ${to}` };
  }

  /** Sends to every active subscriber; a second call sends nothing new (it resumes a stopped send). */
  @Post('issues/:id/send')
  @HttpCode(200)
  async send(
    @Param('id', IdParamPipe) id: number,
    @CurrentUser() user: UserEntity,
  ): Promise<NewsletterSendResult> {
    const { started, issue } = await this.issues.send(id, user);
    return {
      success: true,
      started,
      message: started
        ? `Sending to ${issue.progress.recipients} subscriber${issue.progress.recipients === 1 ? '' : 's'}`
        : issue.state === 'paused'
          ? 'This issue is paused; resume it to send the rest. Nothing new was queued.'
          : 'This issue has already been sent; nothing new was queued.',
      issue,
    };
  }

  /** Stops a send half-way: no more mails go out until it is resumed. Idempotent; 409 unless sending or paused. */
  @Post('issues/:id/pause')
  @HttpCode(200)
  async pause(@Param('id', IdParamPipe) id: number): Promise<NewsletterIssueActionResult> {
    const { changed, issue } = await this.issues.pause(id);
    return { success: true, message: changed ? 'Sending paused' : 'This issue is already paused.', issue };
  }

  /** Resumes a paused send: each subscriber not mailed yet gets one copy. Idempotent; 409 unless paused or sending. */
  @Post('issues/:id/resume')
  @HttpCode(200)
  async resume(@Param('id', IdParamPipe) id: number): Promise<NewsletterIssueActionResult> {
    const { changed, issue } = await this.issues.resume(id);
    return { success: true, message: changed ? 'Sending resumed' : 'This issue is already sending.', issue };
  }
}
