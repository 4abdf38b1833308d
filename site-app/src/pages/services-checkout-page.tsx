import { PageIntro } from '../components/page-intro';

export default function ServicesCheckoutPage() {
  return (
    <PageIntro title="Book & Pay">
      <p className="page__lead">Choose a service, pay a 50% deposit and send us your tracks.</p>
    </PageIntro>
  );
}
