import { PageIntro } from '../components/page-intro';

export default function TestContactPage() {
  return (
    <PageIntro title="Test Contact Form">
      <p className="page__lead">
        A developer page that posts to the contact endpoint and shows the raw result.
      </p>
    </PageIntro>
  );
}
