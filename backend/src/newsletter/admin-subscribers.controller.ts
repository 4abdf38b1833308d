import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendCsv } from '../common/csv-stream';
import type { AdminLotteryDraw } from '@studio/shared';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Auth } from '../common/decorators/roles.decorator';
import { londonMonth } from '../common/london-month';
import type { UserEntity } from '../users/entities/user.entity';
import { AdminSubscribersService } from './admin-subscribers.service';
import { DrawMonthDto, SubscriberListQuery } from './dto/admin-subscribers.dto';
import { LotteryDrawEntity } from './lottery/entities/lottery-draw.entity';
import { LotteryService } from './lottery/lottery.service';

const toDraw = (d: LotteryDrawEntity): AdminLotteryDraw => ({
  id: d.id,
  month: d.month,
  entrants: d.entrants,
  winnerEmail: d.winnerEmail,
  drawnBy: d.drawnBy,
  drawnAt: d.drawnAt.toISOString(),
  notifiedAt: d.notifiedAt?.toISOString() ?? null,
  resentAt: d.resentAt?.toISOString() ?? null,
  resendCount: d.resendCount,
});

/** /admin/subscribers and /admin/lottery: personal data, so admins only. */
@Controller('api/admin')
@Auth('admin')
export class AdminSubscribersController {
  constructor(
    private readonly subscribers: AdminSubscribersService,
    private readonly lottery: LotteryService,
  ) {}

  @Get('subscribers')
  async list(@Query() q: SubscriberListQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    if (q.format === 'csv') return sendCsv(reply, 'subscribers', this.subscribers.exportCsv(q));
    return { success: true, ...(await this.subscribers.list(q)) };
  }

  @Post('subscribers/:id/unsubscribe')
  @HttpCode(200)
  async unsubscribe(@Param('id', IdParamPipe) id: number) {
    return { success: true, message: 'Unsubscribed', subscriber: await this.subscribers.unsubscribe(id) };
  }

  @Delete('subscribers/:id')
  @HttpCode(200)
  async remove(@Param('id', IdParamPipe) id: number) {
    await this.subscribers.remove(id);
    return { success: true, message: 'Subscriber deleted' };
  }

  @Get('lottery/draws')
  async draws() {
    const draws = await this.lottery.list();
    return { success: true, items: draws.map(toDraw), total: draws.length };
  }

  /** Draws the month if nobody has: a second click (or the schedule) gets the same draw. */
  @Post('lottery/draws')
  @HttpCode(200)
  async draw(@Body() dto: DrawMonthDto, @CurrentUser() user: UserEntity) {
    const { draw, created } = await this.lottery.drawMonth(dto.month ?? londonMonth(), user.username);
    return { success: true, created, draw: toDraw(draw) };
  }

  @Post('lottery/draws/:id/resend')
  @HttpCode(200)
  async resend(@Param('id', IdParamPipe) id: number) {
    return {
      success: true,
      message: 'Winner mail queued',
      draw: toDraw(await this.lottery.resendWinner(id)),
    };
  }
}
