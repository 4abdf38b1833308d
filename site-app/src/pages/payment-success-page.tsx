import { PageIntro } from '../components/page-intro';

export default function PaymentSuccessPage() {
  return (
    <PageIntro title="Payment Status">
      <p className="page__lead">We are checking the status of your payment.</p>
    </PageIntro>
  );
}
