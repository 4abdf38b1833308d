/**
 * The staff's review desk: the same waveform player the client reviews in (@studio/review-player,
 * its own lazy chunk), with every client note on the timeline (a click seeks there), A/B between
 * versions at matched loudness, and the note's Reply and Mark addressed in place. Previews play
 * from URLs bound to this admin's session (the preview pass cookie the URL request sets).
 */
import { lazy, Suspense } from 'react';
import { Spin } from 'antd';
import { getJson, postJson, type ReviewCommentDto, type VersionDto } from '@studio/shared';

const ReviewPlayer = lazy(
  () => import(/* webpackChunkName: "admin-review-player" */ '@studio/review-player'),
);

const base = (id: string) => `/api/admin/projects/${encodeURIComponent(id)}`;
const authorLabel = (c: ReviewCommentDto) =>
  c.author === 'staff' ? (c.authorName ?? 'Studio') : `${c.authorName ?? 'Client'} (client)`;
const noop = () => Promise.resolve();

export function ReviewDesk({
  projectId,
  versions,
  comments,
  onChanged,
}: {
  projectId: string;
  versions: VersionDto[];
  comments: ReviewCommentDto[];
  /** Called after a reply or a resolve, to read the review again. */
  onChanged: () => Promise<unknown>;
}) {
  const ready = versions.filter((v) => v.status === 'ready');
  if (!ready.length) return null;
  return (
    <Suspense fallback={<Spin tip="Loading the player…" />}>
      <ReviewPlayer
        versions={ready}
        comments={comments.filter((c) => ready.some((v) => v.id === c.versionId))}
        canComment={false}
        isEditable={() => false}
        authorLabel={authorLabel}
        loadPeaks={(vid) =>
          getJson<{ peaks: number[]; durationSec: number }>(`${base(projectId)}/versions/${vid}/peaks`)
        }
        loadPreviewUrl={(vid) => getJson<{ url: string }>(`${base(projectId)}/versions/${vid}/preview-url`)}
        onAddNote={noop}
        onEditNote={noop}
        onDeleteNote={noop}
        onReply={async (id, body) => {
          await postJson(`${base(projectId)}/comments/${id}/replies`, { body });
          await onChanged();
        }}
        onResolve={async (id, resolved) => {
          await postJson(`${base(projectId)}/comments/${id}/resolve`, { resolved });
          await onChanged();
        }}
      />
    </Suspense>
  );
}
