import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { AdminMessageListItem, PagedResponse } from '@studio/shared';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Auth } from '../common/decorators/roles.decorator';
import type { UserEntity } from '../users/entities/user.entity';
import { AdminMessagesService } from './admin-messages.service';
import { MessageListQuery, ReplyDto, UpdateMessageDto } from './dto/admin-messages.dto';

/** /admin/messages: customers' personal data, so admins only. */
@Controller('api/admin/messages')
@Auth('admin')
export class AdminMessagesController {
  constructor(private readonly messages: AdminMessagesService) {}

  @Get()
  async list(
    @Query() q: MessageListQuery,
  ): Promise<PagedResponse<AdminMessageListItem> & { unread: number }> {
    const [page, unread] = await Promise.all([this.messages.list(q), this.messages.unreadCount()]);
    return { success: true, ...page, unread };
  }

  /** The menu's badge. Declared before `:id` so it is not read as an id. */
  @Get('unread-count')
  async unread() {
    return { success: true, unread: await this.messages.unreadCount() };
  }

  @Get(':id')
  async get(@Param('id', IdParamPipe) id: number) {
    return { success: true, message: await this.messages.detail(id) };
  }

  @Patch(':id')
  async update(@Param('id', IdParamPipe) id: number, @Body() dto: UpdateMessageDto) {
    return { success: true, message: await this.messages.setStatus(id, dto.status) };
  }

  @Post(':id/reply')
  @HttpCode(201)
  async reply(@Param('id', IdParamPipe) id: number, @Body() dto: ReplyDto, @CurrentUser() user: UserEntity) {
    return { success: true, message: await this.messages.reply(id, dto, user) };
  }
}
