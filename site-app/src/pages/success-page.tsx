import { PageIntro } from '../components/page-intro';

export default function SuccessPage() {
  return (
    <PageIntro title="Payment Successful!">
      <p className="page__lead">Your 50% deposit has been received. Check your email for the next steps.</p>
    </PageIntro>
  );
}
