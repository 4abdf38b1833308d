import { Controller, Get, Param, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { PublicThrottle } from '../../common/guards/public-throttle';
import { PortalEmail, PortalSessionGuard } from '../../projects/portal-session.guard';
import { receiptPaymentId, ReceiptsService } from './receipts.service';

/** Receipts are personal: never kept by a cache or a proxy. */
const PRIVATE = 'private, no-store';

function sendPdf(reply: FastifyReply, pdf: { filename: string; stream: NodeJS.ReadableStream }) {
  return reply
    .code(200)
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${pdf.filename}"`)
    .header('cache-control', PRIVATE)
    .header('x-content-type-options', 'nosniff')
    .send(pdf.stream);
}

/** A project's receipts for its signed-in client, and the signed receipt link of a payment mail. */
@Controller('api')
export class ReceiptsController {
  constructor(private readonly receipts: ReceiptsService) {}

  @Get('portal/projects/:id/receipts')
  @UseGuards(PortalSessionGuard)
  async list(@PortalEmail() email: string, @Param('id') id: string) {
    return { success: true, receipts: await this.receipts.listForClient(id, email) };
  }

  /** The PDF, drawn as it is sent. */
  @Get('portal/projects/:id/receipts/:paymentId')
  @UseGuards(PortalSessionGuard)
  async forClient(
    @PortalEmail() email: string,
    @Param('id') id: string,
    @Param('paymentId') paymentId: string,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.receipts.pdfForClient(id, email, receiptPaymentId(paymentId)));
  }

  /** The link in a payment mail (`?t=` signs the payment id): no sign-in needed. */
  @Get('receipts/:paymentId')
  @PublicThrottle(30, 10 * 60_000)
  async byLink(
    @Param('paymentId') paymentId: string,
    @Query('t') token: unknown,
    @Res() reply: FastifyReply,
  ) {
    return sendPdf(reply, await this.receipts.pdfByLink(receiptPaymentId(paymentId), token));
  }
}
