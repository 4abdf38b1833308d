import { PageIntro } from '../components/page-intro';

export default function CheckoutPage() {
  return (
    <PageIntro title="Checkout">
      <p className="page__lead">Pay the deposit for your project securely by card.</p>
    </PageIntro>
  );
}
