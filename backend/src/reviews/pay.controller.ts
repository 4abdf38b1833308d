import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { PublicThrottle } from '../common/guards/public-throttle';
import { BalanceCheckoutService } from './balance-checkout.service';

/** The balance payment link mailed on approval (`/pay/{token}` on the site). */
@Controller('api/pay')
export class PayController {
  constructor(private readonly balance: BalanceCheckoutService) {}

  @Get(':token')
  @PublicThrottle(60, 10 * 60_000)
  async summary(@Param('token') token: string) {
    return { success: true, balance: await this.balance.summary(token) };
  }

  /** The open Checkout Session of this balance, or a new one. */
  @Post(':token/checkout')
  @HttpCode(200)
  @PublicThrottle(20, 10 * 60_000)
  async checkout(@Param('token') token: string) {
    return { success: true, ...(await this.balance.checkout(token)) };
  }
}
