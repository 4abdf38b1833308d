import type { PostAuthor } from '@studio/shared';
import { authorName, initialsOf, uploadUrl } from './blog-format';

/** 'About the Author' (spec §2): shown only when the author has written a bio. */
export function AuthorCard({ author }: { author: PostAuthor }) {
  const name = authorName(author) ?? author.username;
  return (
    <section className="author-card" aria-labelledby="author-card-title">
      {author.profileImage ? (
        <img
          className="author-card__avatar"
          src={uploadUrl(author.profileImage)}
          alt=""
          width={72}
          height={72}
          loading="lazy"
          decoding="async"
        />
      ) : (
        <span className="author-card__avatar author-card__avatar--placeholder" aria-hidden="true">
          {initialsOf(name)}
        </span>
      )}
      <div className="author-card__body">
        <h2 id="author-card-title" className="author-card__title">
          About the Author
        </h2>
        <p className="author-card__name">{name}</p>
        <p className="author-card__bio">{author.bio}</p>
      </div>
    </section>
  );
}
