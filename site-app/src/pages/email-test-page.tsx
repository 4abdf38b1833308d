import { PageIntro } from '../components/page-intro';

export default function EmailTestPage() {
  return (
    <PageIntro title="Email Testing Tools">
      <p className="page__lead">
        Send test emails to the studio, to a customer address or to a Microsoft mailbox.
      </p>
    </PageIntro>
  );
}
