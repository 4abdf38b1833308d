/**
 * The project page's review part: the (lazy) player wired to the portal's calls, and while a
 * version waits for the client, sending the notes as a round or approving it. Approving asks
 * first and says what follows (no more rounds, the balance and its amount, the files unlocking),
 * since it cannot be taken back from here.
 */
import { useState } from 'react';
import {
  errorMessage,
  formatPence,
  pluralize,
  roundLabel,
  type ProjectDetailDto,
  type ReviewCommentDto,
  type ReviewDto,
} from '@studio/shared';
import { Dialog } from '../ui/dialog';
import { LazyReviewPlayer } from './lazy-review-player';
import {
  approveVersion,
  deleteComment,
  editComment,
  fetchPeaks,
  fetchPreviewUrl,
  postComment,
  submitRound,
} from './review-api';

interface ReviewPanelProps {
  project: ProjectDetailDto;
  review: ReviewDto;
  /** Reload the project and its review after a change. */
  onChanged: () => void;
  /**
   * What a change led to ("Your notes were sent as round 1 of 2."): shown by the page, since the
   * change may move this panel elsewhere on it.
   */
  onNotice: (text: string) => void;
}

/** Statuses in which the client may still leave notes. */
const TAKING_NOTES = ['in_progress', 'in_review', 'revision_requested'];

export function ReviewPanel({ project, review, onChanged, onNotice }: ReviewPanelProps) {
  const [acceptFee, setAcceptFee] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const latest = review.versions.at(-1);
  if (!latest) return null;
  const draft = review.rounds.find((r) => r.status === 'draft');
  const inReview = project.status === 'in_review';
  const draftRounds = new Set(review.rounds.filter((r) => r.status === 'draft').map((r) => r.id));

  async function act(fn: () => Promise<string | null>) {
    setError(null);
    setBusy(true);
    try {
      const text = await fn();
      if (text) onNotice(text);
      onChanged();
    } catch (err) {
      setError(errorMessage(err, 'That did not work. Please try again.'));
    } finally {
      setBusy(false);
    }
  }

  // The client's own notes of the round not sent yet, while the project still takes notes (an
  // approval leaves unsent notes where they are, for reading only).
  const takingNotes = TAKING_NOTES.includes(project.status);
  const isEditable = (c: ReviewCommentDto) =>
    takingNotes &&
    c.author === 'client' &&
    c.parentId === null &&
    c.roundId !== null &&
    draftRounds.has(c.roundId);

  return (
    <>
      <LazyReviewPlayer
        versions={review.versions}
        comments={review.comments}
        canComment={takingNotes}
        isEditable={isEditable}
        authorLabel={(c) => (c.author === 'staff' ? (c.authorName ?? 'Studio') : 'You')}
        loadPeaks={(vid) => fetchPeaks(project.id, vid)}
        loadPreviewUrl={(vid) => fetchPreviewUrl(project.id, vid)}
        onAddNote={async (n) => {
          await postComment(project.id, n);
          onChanged();
        }}
        onEditNote={async (cid, body) => {
          await editComment(project.id, cid, body);
          onChanged();
        }}
        onDeleteNote={async (cid) => {
          await deleteComment(project.id, cid);
          onChanged();
        }}
      />
      {inReview && (
        <div className="review-actions">
          {draft && draft.commentCount > 0 && (
            <div className="review-actions__round">
              {review.nextRound.extra && (
                <label className="review-actions__fee">
                  <input
                    type="checkbox"
                    checked={acceptFee}
                    onChange={(e) => setAcceptFee(e.target.checked)}
                  />
                  <span>
                    Your included rounds are used: I accept the extra-round fee of{' '}
                    {formatPence(review.nextRound.feePence)}
                  </span>
                </label>
              )}
              <button
                type="button"
                className="btn btn--outline btn--block"
                data-testid="submit-round"
                disabled={busy}
                onClick={() =>
                  void act(async () => {
                    const r = await submitRound(project.id, acceptFee);
                    return `Your notes were sent as ${r.label}.`;
                  })
                }
              >
                Send {pluralize(draft.commentCount, 'note')} as{' '}
                {roundLabel(review.nextRound.number, review.includedRounds)}
              </button>
            </div>
          )}
          <button
            type="button"
            className="btn btn--primary btn--block"
            data-testid="approve"
            disabled={busy}
            onClick={() => setConfirming(true)}
          >
            Approve version {latest.number}
          </button>
        </div>
      )}
      <Dialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Approve version ${latest.number}?`}
        description="Approving ends the reviews of this project."
      >
        <ul className="portal-approve">
          <li>No more notes or revision rounds: version {latest.number} is the one you keep.</li>
          {draft && draft.commentCount > 0 && (
            <li>Your {pluralize(draft.commentCount, 'unsent note')} will not be sent.</li>
          )}
          <li>
            Next you pay the balance of <strong>{formatPence(review.money.balancePence)}</strong>, here or
            from the mail we send.
          </li>
          <li>Your final files unlock as soon as it is paid.</li>
        </ul>
        <div className="portal-dialog__actions">
          <button
            type="button"
            className="btn btn--primary"
            data-testid="approve-confirm"
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await approveVersion(project.id, latest.id);
                setConfirming(false);
                return null;
              })
            }
          >
            Approve version {latest.number}
          </button>
          <button type="button" className="btn btn--outline" onClick={() => setConfirming(false)}>
            Keep reviewing
          </button>
        </div>
      </Dialog>
      {error && (
        <p className="portal-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}
