import { lazy, Suspense } from 'react';
import type { ReviewPlayerProps } from '@studio/review-player';

// wavesurfer.js and its plugins download only when a project has a version to review.
const ReviewPlayer = lazy(
  () => import(/* webpackChunkName: "portal-review-player" */ '@studio/review-player'),
);

export function LazyReviewPlayer(props: ReviewPlayerProps) {
  return (
    <Suspense fallback={<p className="portal-muted">Loading the player…</p>}>
      <ReviewPlayer {...props} />
    </Suspense>
  );
}
