import { useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { MESSAGES, REFERRAL, type ReferralCodeDto } from '@studio/shared';
import { generateReferralCode } from '../../api/site-api';
import { useToast } from '../../toast/toast-context';
import { useErrorToast } from '../../toast/use-api-error-toast';
import { CopyButton } from '../ui/copy-button';
import { Dialog } from '../ui/dialog';
import { EmailField } from '../ui/field';

const GENERATE_FAILED = 'Failed to generate referral code';
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const longDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });

function ReferralResult({ code }: { code: ReferralCodeDto }) {
  return (
    <div className="referral-result">
      <p className="referral-result__label" id="referral-code-label">
        Your referral code
      </p>
      <div className="referral-result__code-row">
        <code className="referral-result__code" aria-labelledby="referral-code-label">
          {code.code}
        </code>
        <CopyButton text={code.code} label="Copy referral code" />
      </div>
      <dl className="referral-result__facts">
        <div>
          <dt>Discount</dt>
          <dd>{code.discountPercent}% off</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>{longDate.format(new Date(code.expiresAt))}</dd>
        </div>
      </dl>
      <p className="field__hint">
        Your friend enters the code when they book. It can be used once, and you get the same discount on your
        next booking when they do.
      </p>
    </div>
  );
}

/** Email in, referral code out (spec §4): the dialog behind the newsletter's referral banner. */
export default function ReferralDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { toast } = useToast();
  const showError = useErrorToast();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [code, setCode] = useState<ReferralCodeDto | null>(null);

  const generate = useMutation({
    mutationFn: generateReferralCode,
    onSuccess: (res) => {
      if (!res?.success || !res.referralCode) {
        showError('Error', res?.message, GENERATE_FAILED);
        return;
      }
      setCode(res.referralCode);
      toast({
        title: 'Referral Code Generated!',
        description: 'Your referral code has been successfully generated.',
      });
    },
    onError: (err) => showError('Error', err, GENERATE_FAILED),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!EMAIL_PATTERN.test(value)) {
      setError(MESSAGES.referralEmail);
      return;
    }
    setError(null);
    generate.mutate(value);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Refer a Friend"
      description={`Get a code to share. Your friend saves ${REFERRAL.defaultDiscountPercent}% on their next service.`}
    >
      {code ? (
        <ReferralResult code={code} />
      ) : (
        <form className="form" onSubmit={onSubmit} noValidate>
          <EmailField
            id="referral-email"
            label="Your email"
            error={error}
            validated
            name="email"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              if (error) setError(null);
            }}
          />
          <button type="submit" className="btn btn--primary btn--block" disabled={generate.isPending}>
            {generate.isPending ? 'Generating...' : 'Generate Referral Code'}
          </button>
        </form>
      )}
    </Dialog>
  );
}
