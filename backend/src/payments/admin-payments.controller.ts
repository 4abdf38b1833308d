import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { sendCsv } from '../common/csv-stream';
import { IdParamPipe } from '../common/pipes/id-param.pipe';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { Auth } from '../common/decorators/roles.decorator';
import type { UserEntity } from '../users/entities/user.entity';
import { PaymentListQuery, RefundDto } from './dto/admin-payments.dto';
import { PaymentLedgerService } from './payment-ledger.service';
import { ReconciliationService } from './reconciliation/reconciliation.service';

/** /admin/payments: money, so admins only. */
@Controller('api/admin/payments')
@Auth('admin')
export class AdminPaymentsController {
  constructor(
    private readonly ledger: PaymentLedgerService,
    private readonly reconciliation: ReconciliationService,
  ) {}

  /** JSON page of the ledger with month totals, or (format=csv) the whole filtered ledger, streamed. */
  @Get()
  async list(@Query() q: PaymentListQuery, @Res({ passthrough: true }) reply: FastifyReply) {
    if (q.format === 'csv') return sendCsv(reply, 'payments', this.ledger.exportCsv(q));
    return { success: true, ...(await this.ledger.list(q)) };
  }

  /** Money staff must look at: open issues oldest first, then the latest resolved ones. */
  @Get('issues')
  async listIssues() {
    return { success: true, items: await this.ledger.listIssues() };
  }

  /** Compares Stripe's charges, refunds and disputes since the last run with the ledger now. */
  @Post('reconcile')
  @HttpCode(200)
  async reconcile() {
    return { success: true, run: await this.reconciliation.run('manual') };
  }

  @Post('issues/:id/resolve')
  @HttpCode(200)
  async resolveIssue(@Param('id', IdParamPipe) id: number, @CurrentUser() user: UserEntity) {
    return { success: true, issue: await this.ledger.resolveIssue(id, user.id) };
  }

  @Get(':id')
  async get(@Param('id', IdParamPipe) id: number) {
    const payment = await this.ledger.get(id);
    return { success: true, payment, ledger: await this.ledger.ledgerOf(id) };
  }

  @Post(':id/refund')
  @HttpCode(200)
  async refund(
    @Param('id', IdParamPipe) id: number,
    @Body() dto: RefundDto,
    @CurrentUser() user: UserEntity,
  ) {
    return {
      success: true,
      message: 'Refund made',
      payment: await this.ledger.refund(id, dto, {
        id: user.id,
        name: user.displayName || user.username || 'Staff',
      }),
    };
  }
}
