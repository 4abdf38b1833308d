import { useParams } from 'react-router-dom';
import { PageIntro } from '../components/page-intro';

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  return (
    <PageIntro title="Blog Post" documentTitle={`Blog: ${slug}`}>
      <p className="page__lead">The article “{slug}” will appear here.</p>
    </PageIntro>
  );
}
