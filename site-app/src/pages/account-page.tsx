import { SITE_ROUTES } from '@studio/shared';
import { ReferralLookup } from '../components/account/referral-lookup';
import { Tabs } from '../components/ui/tabs';
import { usePageTitle } from '../hooks/use-page-title';
import '../components/account/account.css';
import '../components/ui/ui.css';

/** /account: referral codes by email (no login) and, later, profile settings (spec §2). */
export default function AccountPage() {
  usePageTitle(SITE_ROUTES.account.title);
  return (
    <div className="container account">
      <h1 className="page__title">My Account</h1>
      <p className="page__lead">Look up your referral codes and manage your profile.</p>
      <Tabs
        label="Account"
        className="card"
        tabs={[
          {
            value: 'referrals',
            label: 'Referrals',
            content: (
              <>
                <h2 className="visually-hidden">Referral codes</h2>
                <ReferralLookup />
              </>
            ),
          },
          {
            value: 'profile',
            label: 'Profile',
            content: (
              <>
                <h2 className="visually-hidden">Profile</h2>
                <p className="notice notice--info">Profile settings will be available soon.</p>
              </>
            ),
          },
        ]}
      />
    </div>
  );
}
