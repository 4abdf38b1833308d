import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { readTimeLabel, type BlogPostDto } from '@studio/shared';
import { authorName, formatLongDate, postDate } from './blog-format';
import { PostImage } from './post-image';
import { articleHtml } from './post-html';

/** The article: categories, title, date, read time, author, featured image, content, tags. */
export function PostArticle({ post }: { post: BlogPostDto }) {
  const date = postDate(post);
  const author = authorName(post.author);
  const html = useMemo(() => articleHtml(post.content), [post.content]);

  return (
    <article className="blog-article">
      <header className="blog-article__header">
        {post.categories.length > 0 && (
          <ul className="blog-article__categories" aria-label="Categories">
            {post.categories.map((c) => (
              <li key={c.id}>
                <Link to={`/blog?category=${c.id}`} className="btn btn--outline btn--sm">
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        )}
        <h1 className="blog-article__title">{post.title}</h1>
        <p className="blog-article__meta">
          <time dateTime={date}>{formatLongDate(date)}</time>
          <span aria-hidden="true">·</span>
          <span>{readTimeLabel(post.readTimeMinutes)}</span>
          {author && (
            <>
              <span aria-hidden="true">·</span>
              <span>
                By <span className="blog-article__author">{author}</span>
              </span>
            </>
          )}
        </p>
      </header>

      {post.featuredImage && (
        <PostImage
          file={post.featuredImage}
          className="blog-article__image"
          priority
          sizes="(min-width: 52rem) 50rem, 100vw"
        />
      )}

      {/* Sanitised on the server when it was saved (an allowlist of tags and attributes). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: html }} />

      {post.tags.length > 0 && (
        <footer className="blog-article__footer">
          <span className="blog-article__tags-label" id="post-tags-label">
            Tags
          </span>
          <ul className="blog-article__tags" aria-labelledby="post-tags-label">
            {post.tags.map((t) => (
              <li key={t.id}>
                <Link to={`/blog?tag=${t.id}`} className="tag-badge">
                  #{t.name}
                </Link>
              </li>
            ))}
          </ul>
        </footer>
      )}
    </article>
  );
}
