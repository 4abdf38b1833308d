import { PageIntro } from '../components/page-intro';

export default function TermsOfServicePage() {
  return (
    <PageIntro title="Terms of Service">
      <p className="page__lead">
        The terms that apply when you book mixing, mastering or production work with us.
      </p>
    </PageIntro>
  );
}
