import { lazy, Suspense } from 'react';
import type { ReviewPlayerProps } from '../review-player/review-player';

// wavesurfer.js and its plugins download only when a project has a version to review.
const ReviewPlayer = lazy(
  () => import(/* webpackChunkName: "portal-review-player" */ '../review-player/review-player'),
);

export function LazyReviewPlayer(props: ReviewPlayerProps) {
  return (
    // The placeholder takes the player's own height (without notes), so nothing below it moves
    // when the player's code arrives (issue 26: CLS <= 0.02 on the project page).
    <Suspense
      fallback={
        <div className="portal-player-loading" role="status">
          <p className="portal-muted">Loading the player…</p>
        </div>
      }
    >
      <ReviewPlayer {...props} />
    </Suspense>
  );
}
