import { PageIntro } from '../components/page-intro';

export default function TestV2ContactPage() {
  return (
    <PageIntro title="Test Contact Form (V2)">
      <p className="page__lead">
        A developer page that posts to the V2 contact endpoint and shows the raw result.
      </p>
    </PageIntro>
  );
}
