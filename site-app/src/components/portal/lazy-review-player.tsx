import { lazy, Suspense, useEffect, useState } from 'react';
import type { ReviewPlayerProps } from '@studio/review-player';

// wavesurfer.js and its plugins download only when a project has a version to review.
const ReviewPlayer = lazy(
  () => import(/* webpackChunkName: "portal-review-player" */ '@studio/review-player'),
);

/**
 * The player's place while its code loads: its height without notes, so nothing below it moves
 * when the player arrives (issue 26: CLS <= 0.02 on the project page).
 */
function PlayerPlaceholder() {
  return (
    <div className="portal-player-loading" role="status">
      <p className="portal-muted">Loading the player…</p>
    </div>
  );
}

/**
 * The player runs in the browser only (it owns <audio> elements and a canvas): the server's
 * render of the project page and the browser's hydration of it both show the placeholder, and
 * the player replaces it once the page is live.
 */
export function LazyReviewPlayer(props: ReviewPlayerProps) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return <PlayerPlaceholder />;
  return (
    <Suspense fallback={<PlayerPlaceholder />}>
      <ReviewPlayer {...props} />
    </Suspense>
  );
}
