import type { KeyboardEvent } from 'react';
import { EmailField, InputField, OptionalLabel } from '../ui/field';

export type ReferralState =
  | { status: 'unvalidated' }
  | { status: 'valid'; discountPercent: number }
  | { status: 'invalid'; message: string };

interface ReferralBoxProps {
  email: string;
  code: string;
  state: ReferralState;
  validating: boolean;
  onEmailChange: (value: string) => void;
  onCodeChange: (value: string) => void;
  onValidate: () => void;
}

/** The email and referral code box of /services-checkout (spec §2, §4, §5). */
export function ReferralBox({
  email,
  code,
  state,
  validating,
  onEmailChange,
  onCodeChange,
  onValidate,
}: ReferralBoxProps) {
  const canValidate = Boolean(email.trim() && code.trim()) && !validating;
  // The button is disabled without an email, so Enter in the code field still has to reach
  // onValidate to explain what is missing.
  const onCodeKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (code.trim() && !validating) onValidate();
  };

  return (
    <section className="card referral-box" aria-labelledby="referral-box-heading">
      <h2 id="referral-box-heading" className="referral-box__title">
        Your details
      </h2>
      <p className="referral-box__lead">
        Add your email for the receipt. Have a referral code from a friend? Validate it to take the discount
        off your booking.
      </p>
      <div className="referral-box__fields">
        <EmailField
          id="booking-email"
          label="Email"
          name="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => onEmailChange(e.target.value)}
        />
        <InputField
          id="booking-referral-code"
          label={<OptionalLabel>Referral code</OptionalLabel>}
          className="field__input referral-box__code"
          name="referralCode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder="e.g. ABCD2345"
          aria-describedby="referral-status"
          value={code}
          onChange={(e) => onCodeChange(e.target.value)}
          onKeyDown={onCodeKeyDown}
        />
        <button
          type="button"
          className="btn btn--outline referral-box__validate"
          disabled={!canValidate}
          onClick={onValidate}
        >
          {validating ? 'Validating...' : 'Validate Code'}
        </button>
      </div>
      <p
        id="referral-status"
        className={`referral-box__status referral-box__status--${state.status}`}
        aria-live="polite"
      >
        {state.status === 'valid' && `✓ Code applied: ${state.discountPercent}% off every plan below.`}
        {state.status === 'invalid' && state.message}
      </p>
    </section>
  );
}
