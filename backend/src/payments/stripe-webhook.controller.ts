import { Controller, Headers, HttpCode, Post, RawBodyRequest, Req, UseGuards } from '@nestjs/common';
import { ApiBody } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { PaymentsConfiguredGuard } from './payments-configured.guard';
import { StripeWebhookService, WebhookResult } from './stripe-webhook.service';

/** Stripe's calls are not throttled: it retries on failure, and the signature is the gate. */
@Controller('api/stripe')
export class StripeWebhookController {
  constructor(private readonly webhooks: StripeWebhookService) {}

  @Post('webhook')
  @HttpCode(200)
  @UseGuards(PaymentsConfiguredGuard)
  @ApiBody({
    description: 'A Stripe event, checked against the stripe-signature header.',
    schema: { type: 'object' },
  })
  handle(
    @Req() req: RawBodyRequest<FastifyRequest>,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookResult> {
    return this.webhooks.handle(req.rawBody, signature);
  }
}
