import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, UseGuards } from '@nestjs/common';
import { Auth } from '../../common/decorators/roles.decorator';
import { PublicThrottle } from '../../common/guards/public-throttle';
import { CurrentUser } from '../../common/decorators/current-user.decorator';
import { OptionalJwtAuthGuard } from '../../common/guards/jwt-auth.guard';
import type { UserEntity } from '../../users/entities/user.entity';
import { IdParamPipe } from '../../common/pipes/id-param.pipe';
import { COMMENT_RECEIVED, CommentsService } from './comments.service';
import { AdminCommentQueryDto, CreateCommentDto } from './dto/comment.dto';

/**
 * Comments per client address: enough for a person, too few for a spam run. Counted in Redis,
 * and failing open like the other public forms: a comment is never lost to the limiter.
 */
export const COMMENT_THROTTLE = { limit: 5, ttlMs: 60_000 };

@Controller('api/blog/posts/:slug/comments')
export class CommentsController {
  constructor(private readonly comments: CommentsService) {}

  @Get()
  async list(@Param('slug') slug: string) {
    return { success: true, comments: await this.comments.listApproved(slug) };
  }

  @Post()
  @PublicThrottle(COMMENT_THROTTLE.limit, COMMENT_THROTTLE.ttlMs, 'comment')
  @UseGuards(OptionalJwtAuthGuard)
  async submit(
    @Param('slug') slug: string,
    @Body() dto: CreateCommentDto,
    @CurrentUser() user: UserEntity | null,
  ) {
    await this.comments.submit(slug, dto, user?.id ?? null);
    return { success: true, message: COMMENT_RECEIVED };
  }
}

@Controller('api/admin/blog/comments')
@Auth('admin', 'editor')
export class CommentsAdminController {
  constructor(private readonly comments: CommentsService) {}

  /** ?status=pending (default), approved or all. */
  @Get()
  async list(@Query() query: AdminCommentQueryDto) {
    return { success: true, ...(await this.comments.listForStaff(query)) };
  }

  @Put(':id/approve')
  async approve(@Param('id', IdParamPipe) id: number) {
    return { success: true, message: 'Comment approved', comment: await this.comments.setApproved(id, true) };
  }

  @Put(':id/unapprove')
  async unapprove(@Param('id', IdParamPipe) id: number) {
    return {
      success: true,
      message: 'Comment unapproved',
      comment: await this.comments.setApproved(id, false),
    };
  }

  @Delete(':id')
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number) {
    await this.comments.remove(id);
    return { success: true, message: 'Comment deleted' };
  }
}
