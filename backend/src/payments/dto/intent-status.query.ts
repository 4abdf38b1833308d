import { IsOptional, IsString, Matches, MaxLength } from 'class-validator';

/** The query Stripe appends to the return URL; the page may forward it as it is. */
export class IntentStatusQuery {
  @IsString({ message: 'payment_intent is required.' })
  @MaxLength(255, { message: 'That is not a payment reference.' })
  @Matches(/^pi_[A-Za-z0-9_]+$/, { message: 'That is not a payment reference.' })
  payment_intent: string;

  /**
   * Proof that the caller is the payer: Stripe puts the intent's client secret in the return URL.
   * Without the matching secret an intent id (which appears in receipts and logs) reveals nothing.
   */
  @IsString({ message: 'payment_intent_client_secret is required.' })
  @MaxLength(500, { message: 'That is not a payment reference.' })
  payment_intent_client_secret: string;

  @IsOptional()
  @IsString()
  @MaxLength(50)
  redirect_status?: string;
}
