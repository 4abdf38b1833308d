import { lazy, Suspense } from 'react';
import type { UploaderProps } from './uploader';

// Uppy (core, dashboard, tus, crash recovery) downloads only on a project page, never with the
// public pages.
const Uploader = lazy(() => import(/* webpackChunkName: "portal-uploader" */ './uploader'));

export function LazyUploader(props: UploaderProps) {
  return (
    <Suspense fallback={<p className="portal-muted">Loading the upload area…</p>}>
      <Uploader {...props} />
    </Suspense>
  );
}
