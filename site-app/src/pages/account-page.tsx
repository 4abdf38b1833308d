import { PageIntro } from '../components/page-intro';

export default function AccountPage() {
  return (
    <PageIntro title="My Account">
      <p className="page__lead">Look up your referral codes and manage your profile.</p>
    </PageIntro>
  );
}
