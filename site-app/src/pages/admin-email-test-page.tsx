import { PageIntro } from '../components/page-intro';

export default function AdminEmailTestPage() {
  return (
    <PageIntro title="Admin Email Test">
      <p className="page__lead">Send a test email with your own subject and message to the admin address.</p>
    </PageIntro>
  );
}
