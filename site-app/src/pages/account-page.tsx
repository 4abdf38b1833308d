import { SITE_ROUTES } from '@studio/shared';
import * as Tabs from '@radix-ui/react-tabs';
import { ReferralLookup } from '../components/account/referral-lookup';
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
      <Tabs.Root defaultValue="referrals" className="tabs card">
        <Tabs.List className="tabs__list" aria-label="Account">
          <Tabs.Trigger value="referrals" className="tabs__trigger">
            Referrals
          </Tabs.Trigger>
          <Tabs.Trigger value="profile" className="tabs__trigger">
            Profile
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="referrals" className="tabs__content">
          <h2 className="visually-hidden">Referral codes</h2>
          <ReferralLookup />
        </Tabs.Content>
        <Tabs.Content value="profile" className="tabs__content">
          <h2 className="visually-hidden">Profile</h2>
          <p className="notice notice--info">Profile settings will be available soon.</p>
        </Tabs.Content>
      </Tabs.Root>
    </div>
  );
}
