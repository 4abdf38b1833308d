/**
 * The project page's review part: the (lazy) player, the round and approval buttons, the money
 * record and, once the balance is paid, the downloads.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, formatPence, roundLabel, type ProjectDetailDto, type ReviewDto } from '@studio/shared';
import { formatBytes } from './portal-api';
import { LazyReviewPlayer } from './lazy-review-player';
import { approveVersion, fetchDownloads, fetchReview, reviewKeys, submitRound } from './review-api';

function Money({ review }: { review: ReviewDto }) {
  const m = review.money;
  const rows: [string, number][] = [
    ['Price', m.listPricePence],
    ...(m.discountPence ? ([['Discount', -m.discountPence]] as [string, number][]) : []),
    ['Deposit paid', -m.depositPence],
    ...m.extras.map((e) => [e.label, e.pence] as [string, number]),
    ...(m.refundsPence ? ([['Refunded', m.refundsPence]] as [string, number][]) : []),
  ];
  return (
    <table className="portal-table" data-testid="money-record">
      <tbody>
        {rows.map(([label, pence]) => (
          <tr key={label}>
            <td>{label}</td>
            <td>{pence < 0 ? `− ${formatPence(-pence)}` : formatPence(pence)}</td>
          </tr>
        ))}
        <tr>
          <th>Balance</th>
          <th data-testid="money-balance">
            {formatPence(m.balancePence)} {m.balancePaid ? '(paid)' : ''}
          </th>
        </tr>
      </tbody>
    </table>
  );
}

function Downloads({ projectId }: { projectId: string }) {
  const q = useQuery({
    queryKey: ['/api/portal/projects', projectId, 'downloads'],
    queryFn: () => fetchDownloads(projectId),
  });
  if (q.isPending) return <p className="portal-muted">Loading your files…</p>;
  if (q.isError)
    return (
      <p className="portal-error">
        {q.error instanceof ApiError ? q.error.message : 'Could not load the files.'}
      </p>
    );
  if (!q.data.files.length) return <p className="portal-muted">The studio is preparing your final files.</p>;
  return (
    <ul className="portal-list" data-testid="downloads">
      {q.data.files.map((f) => (
        <li key={f.id}>
          <a href={f.url} download>
            {f.name}
          </a>{' '}
          <span className="portal-muted">{formatBytes(f.size)}</span>
        </li>
      ))}
      {q.data.zip && (
        <li>
          <a href={q.data.zip.url} download data-testid="download-zip">
            All files (ZIP)
          </a>
        </li>
      )}
    </ul>
  );
}

export function ReviewSection({ project, onChanged }: { project: ProjectDetailDto; onChanged: () => void }) {
  const query = useQuery({
    queryKey: [...reviewKeys.review(project.id), project.status],
    queryFn: () => fetchReview(project.id),
  });
  const [acceptFee, setAcceptFee] = useState(false);
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const review = query.data?.review;
  if (!review) return null;
  const refresh = () => {
    void query.refetch();
    onChanged();
  };
  const latest = review.versions.at(-1);
  const draft = review.rounds.find((r) => r.status === 'draft');
  const inReview = project.status === 'in_review';
  const canComment = ['in_progress', 'in_review', 'revision_requested'].includes(project.status);

  async function act(fn: () => Promise<string>) {
    setError(null);
    setMessage(null);
    try {
      setMessage(await fn());
      refresh();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  }

  return (
    <>
      {latest && (
        <div className="card portal-card">
          <h2 className="portal-card__title">Listen and review</h2>
          <LazyReviewPlayer
            projectId={project.id}
            versions={review.versions}
            comments={review.comments}
            canComment={canComment}
            onChanged={refresh}
          />
          {inReview && (
            <div className="review-actions">
              {draft && draft.commentCount > 0 && (
                <div>
                  {review.nextRound.extra && (
                    <label>
                      <input
                        type="checkbox"
                        checked={acceptFee}
                        onChange={(e) => setAcceptFee(e.target.checked)}
                      />{' '}
                      Your included rounds are used: I accept the extra-round fee of{' '}
                      {formatPence(review.nextRound.feePence)}
                    </label>
                  )}
                  <button
                    type="button"
                    className="btn"
                    data-testid="submit-round"
                    onClick={() =>
                      void act(async () => {
                        const r = await submitRound(project.id, acceptFee);
                        return `Your notes were sent as ${r.label}.`;
                      })
                    }
                  >
                    Send {draft.commentCount} note{draft.commentCount === 1 ? '' : 's'} as{' '}
                    {roundLabel(review.nextRound.number, review.includedRounds)}
                  </button>
                </div>
              )}
              <button
                type="button"
                className="btn btn--primary"
                data-testid="approve"
                onClick={() =>
                  void act(async () => {
                    await approveVersion(project.id, latest.id);
                    return 'Thank you! The balance request is in your inbox.';
                  })
                }
              >
                Approve version {latest.number}
              </button>
            </div>
          )}
          {message && (
            <p className="portal-notice" role="status">
              {message}
            </p>
          )}
          {error && (
            <p className="portal-error" role="alert">
              {error}
            </p>
          )}
        </div>
      )}
      <div className="card portal-card">
        <h2 className="portal-card__title">Money</h2>
        <Money review={review} />
      </div>
      {(review.downloadsUnlocked || review.finals.length > 0) && (
        <div className="card portal-card">
          <h2 className="portal-card__title">Final files</h2>
          {review.downloadsUnlocked ? (
            <Downloads projectId={project.id} />
          ) : (
            <p className="portal-muted">Your final files unlock as soon as the balance is paid.</p>
          )}
        </div>
      )}
    </>
  );
}
