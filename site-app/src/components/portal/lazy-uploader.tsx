import { lazy, Suspense, useEffect, useState } from 'react';
import type { UploaderProps } from './uploader';

// Uppy (core, dashboard, tus, crash recovery) downloads only on a project page, never with the
// public pages.
const Uploader = lazy(() => import(/* webpackChunkName: "portal-uploader" */ './uploader'));

const loading = <p className="portal-muted">Loading the upload area…</p>;

/**
 * Browser only, like the player: the server's render of the project page and the browser's
 * hydration show the loading line, and Uppy replaces it once the page is live.
 */
export function LazyUploader(props: UploaderProps) {
  const [live, setLive] = useState(false);
  useEffect(() => setLive(true), []);
  if (!live) return loading;
  return (
    <Suspense fallback={loading}>
      <Uploader {...props} />
    </Suspense>
  );
}
