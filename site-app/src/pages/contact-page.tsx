import { PageIntro } from '../components/page-intro';

export default function ContactPage() {
  return (
    <PageIntro title="Contact">
      <p className="page__lead">Tell us about your project and we will get back to you within 24-48 hours.</p>
    </PageIntro>
  );
}
