import { PageIntro } from '../components/page-intro';

export default function PrivacyPolicyPage() {
  return (
    <PageIntro title="Privacy Policy">
      <p className="page__lead">How we collect, use and protect your personal information.</p>
    </PageIntro>
  );
}
