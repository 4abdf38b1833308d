import { Link } from 'react-router-dom';
import { readTimeLabel, type BlogPostDto } from '@studio/shared';
import { authorName, formatShortDate, postDate } from './blog-format';
import { PostImage } from './post-image';

export const postPath = (slug: string) => `/blog/post/${encodeURIComponent(slug)}`;

/** One post in the list: the whole card opens the post, through its title link. */
export function PostCard({ post, priority = false }: { post: BlogPostDto; priority?: boolean }) {
  const date = postDate(post);
  const author = authorName(post.author);
  const category = post.categories[0];
  return (
    <article className="post-card">
      <PostImage
        file={post.featuredImage}
        className="post-card__image"
        variant={post.id * 7}
        priority={priority}
        sizes="(min-width: 1024px) 28rem, (min-width: 640px) 50vw, 100vw"
      />
      <div className="post-card__body">
        {category && <p className="post-card__eyebrow">{category.name}</p>}
        <h2 className="post-card__title">
          <Link to={postPath(post.slug)} className="post-card__link">
            {post.title}
          </Link>
        </h2>
        {post.excerpt && <p className="post-card__excerpt">{post.excerpt}</p>}
        <p className="post-card__meta">
          <time dateTime={date}>{formatShortDate(date)}</time>
          <span aria-hidden="true"> · </span>
          <span>{readTimeLabel(post.readTimeMinutes)}</span>
          {author && (
            <>
              <span aria-hidden="true"> · </span>
              <span>By {author}</span>
            </>
          )}
        </p>
      </div>
    </article>
  );
}

export function PostCardSkeleton() {
  return (
    <div className="post-card post-card--skeleton" aria-hidden="true">
      <div className="skeleton post-image post-card__image" />
      <div className="post-card__body">
        <div className="skeleton skeleton--text" style={{ width: '30%' }} />
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--text" />
        <div className="skeleton skeleton--text" style={{ width: '80%' }} />
        <div className="skeleton skeleton--text" style={{ width: '55%' }} />
      </div>
    </div>
  );
}
