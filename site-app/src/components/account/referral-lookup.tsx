import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ReferralListEntry } from '@studio/shared';
import { listReferralCodes } from '../../api/site-api';
import { useErrorToast } from '../../toast/use-api-error-toast';
import { CopyButton } from '../ui/copy-button';
import { Field } from '../ui/field';
import '../ui/ui.css';

const shortDate = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

function CodeRow({ entry }: { entry: ReferralListEntry }) {
  const expired = !entry.isUsed && new Date(entry.expiresAt).getTime() < Date.now();
  return (
    <li className="referral-code">
      <div className="referral-code__main">
        <code className="referral-code__code">{entry.code}</code>
        <span className={`status-badge ${entry.isUsed ? 'status-badge--used' : 'status-badge--available'}`}>
          {entry.isUsed ? 'Used' : 'Available'}
        </span>
        {!entry.isUsed && <CopyButton text={entry.code} label={`Copy referral code ${entry.code}`} />}
      </div>
      <p className="referral-code__meta">
        Created {shortDate.format(new Date(entry.createdAt))} · {expired ? 'Expired' : 'Expires'}{' '}
        {shortDate.format(new Date(entry.expiresAt))}
        {entry.isUsed && entry.usedBy ? ` · Used by ${entry.usedBy}` : ''}
      </p>
    </li>
  );
}

/** The Referrals tab of /account: type an email, see its codes (spec §2, §4). No login needed. */
export function ReferralLookup() {
  const showError = useErrorToast();
  const [email, setEmail] = useState('');
  const [lookedUp, setLookedUp] = useState<string | null>(null);

  const codes = useQuery({
    queryKey: ['/api/referral/list', lookedUp],
    queryFn: async () => {
      try {
        return await listReferralCodes(lookedUp as string);
      } catch (error) {
        showError('Failed to fetch your referral codes');
        throw error;
      }
    },
    enabled: lookedUp !== null,
    // A fresh look each time someone presses Check.
    staleTime: 0,
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return;
    if (value === lookedUp) void codes.refetch();
    else setLookedUp(value);
  };

  const list = codes.data?.referralCodes ?? [];
  return (
    <div className="referral-lookup">
      <form className="form" onSubmit={onSubmit}>
        <Field id="account-email" label="Email address">
          <div className="field__inline">
            <input
              id="account-email"
              className="field__input"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <button type="submit" className="btn btn--primary" disabled={!email.trim() || codes.isFetching}>
              {codes.isFetching ? 'Checking...' : 'Check'}
            </button>
          </div>
          <p className="field__hint">The address you used to generate your referral codes.</p>
        </Field>
      </form>

      <div aria-live="polite">
        {codes.isError && !codes.isFetching && (
          <p className="notice notice--error">Failed to fetch your referral codes</p>
        )}
        {codes.isSuccess && !codes.isFetching && (
          <>
            <h3 className="referral-lookup__title">
              {list.length
                ? `${list.length} referral ${list.length === 1 ? 'code' : 'codes'} for ${lookedUp}`
                : `No referral codes found for ${lookedUp}`}
            </h3>
            {list.length > 0 && (
              <ul className="referral-codes">
                {list.map((entry) => (
                  <CodeRow key={entry.id} entry={entry} />
                ))}
              </ul>
            )}
          </>
        )}
      </div>
    </div>
  );
}
