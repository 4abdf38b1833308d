import { CanActivate, Injectable } from '@nestjs/common';
import { unavailable } from '../common/errors/app.exception';
import { PAYMENTS_NOT_CONFIGURED, PaymentsService } from './payments.service';

/**
 * Answers 503 before the body is even validated: when Stripe is not configured, nothing the
 * client sends can succeed, and the pages show one clear state for it.
 */
@Injectable()
export class PaymentsConfiguredGuard implements CanActivate {
  constructor(private readonly payments: PaymentsService) {}

  canActivate(): boolean {
    if (!this.payments.isConfigured()) throw unavailable(PAYMENTS_NOT_CONFIGURED, 'PAYMENTS_NOT_CONFIGURED');
    return true;
  }
}
