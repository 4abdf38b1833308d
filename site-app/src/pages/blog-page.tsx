import { PageIntro } from '../components/page-intro';

export default function BlogPage() {
  return (
    <PageIntro title="Blog">
      <p className="page__lead">Articles on mixing, mastering and music production.</p>
    </PageIntro>
  );
}
