import { useQuery } from '@tanstack/react-query';
import { commentsQuery } from './blog-api';
import { formatShortDate } from './blog-format';
import { CommentForm } from './comment-form';

/** Approved comments, oldest first, and the form to add one. */
export function CommentsSection({ slug }: { slug: string }) {
  const comments = useQuery(commentsQuery(slug));
  const list = comments.data?.comments ?? [];

  return (
    <section className="blog-comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="blog-comments__title">
        Comments{comments.isSuccess ? ` (${list.length})` : ''}
      </h2>
      {comments.isPending ? (
        <div aria-hidden="true">
          <div className="skeleton skeleton--text" style={{ width: '40%' }} />
          <div className="skeleton skeleton--text" />
        </div>
      ) : comments.isError ? (
        <p className="notice notice--error">The comments could not be loaded. Please try again later.</p>
      ) : list.length === 0 ? (
        <p className="blog-comments__empty">No comments yet. Be the first to share your thoughts.</p>
      ) : (
        <ol className="comment-list">
          {list.map((c) => (
            <li key={c.id} className={`comment${c.parentId ? ' comment--reply' : ''}`}>
              <p className="comment__header">
                <span className="comment__author">{c.authorName}</span>
                <time className="comment__date" dateTime={c.createdAt}>
                  {formatShortDate(c.createdAt)}
                </time>
              </p>
              <p className="comment__content">{c.content}</p>
            </li>
          ))}
        </ol>
      )}
      <CommentForm slug={slug} />
    </section>
  );
}
