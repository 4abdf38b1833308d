import { Body, Controller, Get, HttpCode, Post, Query, UseGuards } from '@nestjs/common';
import { Auth } from '../common/decorators/roles.decorator';
import { CurrentUser } from '../common/decorators/current-user.decorator';
import { startOfLondonMonth } from '../common/london-month';
import { OptionalJwtAuthGuard } from '../common/guards/jwt-auth.guard';
import { UserEntity } from '../users/entities/user.entity';
import { CreateCheckoutSessionDto } from './dto/create-checkout-session.dto';
import { CreatePaymentIntentDto } from './dto/create-payment-intent.dto';
import { IntentStatusQuery } from './dto/intent-status.query';
import { PaymentsConfiguredGuard } from './payments-configured.guard';
import { PaymentStatusThrottle, PaymentThrottle } from './payments-throttle';
import {
  CheckoutSessionResult,
  IntentStatus,
  PaymentIntentResult,
  PaymentsService,
} from './payments.service';

@Controller('api')
export class PaymentsController {
  constructor(private readonly payments: PaymentsService) {}

  /** Never 503: the pages call it to learn whether to show the payment form at all. */
  @Get('payments/config')
  config(): { success: true; configured: boolean; publishableKey: string | null } {
    return { success: true, ...this.payments.publicConfig() };
  }

  @Post('create-payment-intent')
  @HttpCode(200)
  @UseGuards(PaymentsConfiguredGuard, OptionalJwtAuthGuard)
  @PaymentThrottle()
  async createPaymentIntent(
    @Body() dto: CreatePaymentIntentDto,
    @CurrentUser() user: UserEntity | null,
  ): Promise<{ success: true } & PaymentIntentResult> {
    return { success: true, ...(await this.payments.createPaymentIntent(dto, user?.id ?? null)) };
  }

  @Post('create-checkout-session')
  @HttpCode(200)
  @UseGuards(PaymentsConfiguredGuard, OptionalJwtAuthGuard)
  @PaymentThrottle()
  async createCheckoutSession(
    @Body() dto: CreateCheckoutSessionDto,
    @CurrentUser() user: UserEntity | null,
  ): Promise<{ success: true } & CheckoutSessionResult> {
    return { success: true, ...(await this.payments.createCheckoutSession(dto, user?.id ?? null)) };
  }

  /** The dashboard's paid-deposits card; works whether or not Stripe is configured. Money: admins only. */
  @Get('admin/stats/payments')
  @Auth('admin')
  async stats() {
    const { count, amountPence } = await this.payments.paidDepositsSince(startOfLondonMonth());
    return { success: true, paidDepositsThisMonth: count, paidDepositsAmountThisMonth: amountPence };
  }

  @Get('payments/intent-status')
  @UseGuards(PaymentsConfiguredGuard)
  @PaymentStatusThrottle()
  async intentStatus(@Query() query: IntentStatusQuery): Promise<{ success: true } & IntentStatus> {
    return {
      success: true,
      ...(await this.payments.intentStatus(query.payment_intent, query.payment_intent_client_secret)),
    };
  }
}
