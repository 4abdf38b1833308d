import { Link, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { postQuery } from '../components/blog/blog-api';
import { AuthorCard } from '../components/blog/author-card';
import { CommentsSection } from '../components/blog/comments-section';
import { PostArticle } from '../components/blog/post-article';
import { PostNotFound, PostSkeleton } from '../components/blog/post-states';
import { usePageTitle } from '../hooks/use-page-title';
import '../components/ui/ui.css';
import '../components/blog/blog.css';
import '../components/blog/blog-post.css';

/**
 * /blog/post/:slug (spec §2, §4): loading, then the post, or 'Post Not Found' for a missing
 * post or a failed read. The server has already put the post's title and meta in the HTML for
 * crawlers; the title is only set here once the post (or its absence) is known.
 */
export default function BlogPostPage() {
  const { slug = '' } = useParams();
  const query = useQuery(postQuery(slug));
  const post = query.data?.post;
  const missing = query.isError || (query.isSuccess && !post);
  usePageTitle(post ? post.title : missing ? 'Post Not Found' : null);

  if (query.isPending) return <PostSkeleton />;
  if (!post) return <PostNotFound />;

  return (
    <div className="container blog-post">
      <Link to="/blog" className="blog-post__back">
        <span aria-hidden="true">←</span> Back to Blog
      </Link>
      <PostArticle post={post} />
      {post.author?.bio?.trim() && <AuthorCard author={post.author} />}
      <CommentsSection slug={post.slug} />
    </div>
  );
}
