import { Link } from 'react-router-dom';

/** The post page while it loads: the article's shape, announced once. */
export function PostSkeleton() {
  return (
    <div className="container blog-post">
      <div className="blog-article" role="status" aria-live="polite">
        <span className="visually-hidden">Loading the post…</span>
        <div aria-hidden="true">
          <div className="skeleton skeleton--text" style={{ width: '8rem' }} />
          <div className="skeleton skeleton--heading" />
          <div className="skeleton skeleton--heading" style={{ width: '60%' }} />
          <div className="skeleton skeleton--text" style={{ width: '45%' }} />
          <div className="skeleton post-image blog-article__image" />
          {[100, 96, 100, 88, 100, 70].map((w, i) => (
            <div key={i} className="skeleton skeleton--text" style={{ width: `${w}%` }} />
          ))}
        </div>
      </div>
    </div>
  );
}

/** A slug that is not a published post, or a failed read (spec §2, §4). */
export function PostNotFound() {
  return (
    <section className="container blog-post blog-not-found">
      <h1 className="page__title">Post Not Found</h1>
      <p className="page__lead">Sorry, the blog post you&apos;re looking for cannot be found.</p>
      <Link to="/blog" className="btn btn--primary">
        Back to Blog
      </Link>
    </section>
  );
}
