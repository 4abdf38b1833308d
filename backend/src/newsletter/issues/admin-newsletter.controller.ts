import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import type { NewsletterPreview, NewsletterSendResult, PagedResponse } from '@studio/shared';
import type { AdminNewsletterIssue } from '@studio/shared';
import { IdParamPipe } from '../../blog/id-param.pipe';
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
        : 'This issue has already been sent; nothing new was queued.',
      issue,
    };
  }
}
