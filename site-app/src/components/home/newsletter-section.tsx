import { lazy, Suspense, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, LIMITS, MESSAGES, REFERRAL } from '@studio/shared';
import { NEWSLETTER_SUBSCRIBERS_QUERY_KEY, subscribeToNewsletter } from '../../api/site-api';
import { useToast } from '../../toast/toast-context';
import { useErrorToast } from '../../toast/use-api-error-toast';
import { HomeSection } from './home-section';

// The dialog (and Radix Dialog with it) is fetched only when someone opens it.
const loadReferralDialog = () => import(/* webpackChunkName: "referral-dialog" */ './referral-dialog');
const ReferralDialog = lazy(loadReferralDialog);

const PERKS = [
  'A free mixing guide (PDF) the moment you confirm your address',
  'A monthly free-mix draw: one subscriber picked at random every month',
  'Exclusive perks and discounts for subscribers',
  'Industry insights on releasing and promoting your music',
];

const SUBSCRIBE_FAILED = 'Failed to subscribe';
const CONFIRM_DESCRIPTION =
  "We've sent you an email with a link to confirm your subscription; your free mixing guide follows as soon as you click it.";

function NewsletterForm() {
  const { toast } = useToast();
  const showError = useErrorToast();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');

  const subscribe = useMutation({
    mutationFn: subscribeToNewsletter,
    onSuccess: (res) => {
      if (!res?.success) {
        showError('Subscription failed', res?.message, SUBSCRIBE_FAILED);
        return;
      }
      // Double opt-in: until the link in the mail is followed, the visitor is not on the list yet.
      const confirming = res.status !== 'already-subscribed';
      toast({
        title: confirming ? 'Check your inbox' : 'Successfully subscribed!',
        description: res.message || CONFIRM_DESCRIPTION,
      });
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: NEWSLETTER_SUBSCRIBERS_QUERY_KEY });
    },
    // The server's sentence when it sent one; a network failure gets a sentence of its own.
    onError: (error) =>
      showError(
        'Subscription failed',
        error instanceof ApiError
          ? error
          : 'There was an error processing your subscription. Please try again.',
        SUBSCRIBE_FAILED,
      ),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) {
      showError(MESSAGES.emailRequired, MESSAGES.emailRequiredDescription);
      return;
    }
    subscribe.mutate(value);
  };

  const busy = subscribe.isPending;
  return (
    // noValidate: an empty field gets the spec's own notice rather than the browser's bubble.
    // method/action: sent before the scripts have loaded, the server's /newsletter takes it.
    <form
      className="newsletter-form"
      method="post"
      action="/newsletter"
      onSubmit={onSubmit}
      noValidate
      aria-label="Newsletter sign-up"
    >
      <label className="field__label" htmlFor="newsletter-email">
        Email address
      </label>
      <div className="newsletter-form__row">
        <input
          id="newsletter-email"
          className="field__input"
          name="email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          aria-required="true"
          maxLength={LIMITS.newsletter.emailMax}
          disabled={busy}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? 'Subscribing...' : 'Subscribe'}
        </button>
      </div>
      <p className="field__hint">No spam. Unsubscribe with one click from any email.</p>
    </form>
  );
}

export function NewsletterSection() {
  const [referralOpen, setReferralOpen] = useState(false);
  const [referralMounted, setReferralMounted] = useState(false);

  const openReferral = () => {
    setReferralMounted(true);
    setReferralOpen(true);
  };

  return (
    <HomeSection
      id="newsletter"
      title="Newsletter"
      lead="Join the mailing list for tips, offers and a chance at a free mix every month."
    >
      <div className="newsletter">
        <div className="newsletter__pitch">
          <h3 className="newsletter__subtitle">What subscribers get</h3>
          <ul className="tick-list">
            {PERKS.map((perk) => (
              <li key={perk}>{perk}</li>
            ))}
          </ul>
        </div>
        <div className="newsletter__signup card">
          <NewsletterForm />
        </div>
      </div>

      <div className="referral-banner">
        <div>
          <p className="referral-banner__title" id="referral-banner-title">
            Refer a Friend, Get {REFERRAL.defaultDiscountPercent}% Off!
          </p>
          <p className="referral-banner__text">
            Share your code: your friend gets {REFERRAL.defaultDiscountPercent}% off their next service, and
            you get {REFERRAL.defaultDiscountPercent}% off your second booking when they subscribe.
          </p>
        </div>
        <button
          type="button"
          className="btn btn--primary"
          aria-haspopup="dialog"
          aria-describedby="referral-banner-title"
          onClick={openReferral}
          onPointerEnter={() => void loadReferralDialog()}
          onFocus={() => void loadReferralDialog()}
        >
          Get Your Referral Code
        </button>
      </div>

      {referralMounted && (
        <Suspense fallback={null}>
          <ReferralDialog open={referralOpen} onOpenChange={setReferralOpen} />
        </Suspense>
      )}
    </HomeSection>
  );
}
