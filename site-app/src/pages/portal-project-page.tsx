/**
 * /portal/projects/:id: one project, leading with the next step (files to send, notes to give,
 * the balance to pay, the files to download), then the player, uploads, the client's files, the
 * money and the timeline. Every part fits a 320 px screen.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import {
  ApiError,
  formatPence,
  PROJECT_STATUS_LABELS,
  pluralize,
  portalProjectPath,
  SITE_ROUTES,
  type ProjectDetailDto,
  type ReviewDto,
} from '@studio/shared';
import { usePageTitle } from '../hooks/use-page-title';
import { fetchPortalProject, portalKeys } from '../components/portal/portal-api';
import { PortalSignInForm } from '../components/portal/portal-sign-in-form';
import { LazyUploader } from '../components/portal/lazy-uploader';
import { NextStep, nextStepKind } from '../components/portal/next-step';
import { ProjectFiles } from '../components/portal/project-files';
import { ProjectReceipts } from '../components/portal/project-receipts';
import { ReviewPanel } from '../components/portal/review-panel';
import { BalanceBreakdownList } from '../components/portal/balance-breakdown';
import { fetchReview, reviewKeys } from '../components/portal/review-api';
import '../components/portal/portal.css';

// In the studio's time zone, not the reader's: the server renders the page into the HTML and the
// browser must print the same text when it hydrates.
const timelineDate = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'short',
  timeStyle: 'medium',
  timeZone: 'Europe/London',
});

/** Statuses in which the client can still add files. */
const TAKING_UPLOADS = ['awaiting_files', 'files_received', 'in_progress', 'on_hold'];

function Money({ review }: { review: ReviewDto }) {
  const m = review.money;
  return (
    <>
      <BalanceBreakdownList breakdown={m} />
      {m.refundsPence > 0 && <p className="portal-muted">Refunded to you: {formatPence(m.refundsPence)}</p>}
      <p className="portal-muted" data-testid="money-balance">
        {m.balancePaid
          ? `Balance of ${formatPence(m.balancePence)} paid. Thank you!`
          : 'The balance is due once you approve a version.'}
      </p>
    </>
  );
}

function ProjectBody({
  project,
  review,
  onChanged,
}: {
  project: ProjectDetailDto;
  review: ReviewDto | undefined;
  onChanged: () => void;
}) {
  const lead = nextStepKind(project.status, review);
  // The outcome of the last change, above everything (the change may have moved the part it
  // was made in).
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <>
      {notice && (
        <p className="portal-notice" role="status">
          {notice}
        </p>
      )}
      <NextStep project={project} review={review} onChanged={onChanged} onNotice={setNotice} />
      {review && review.versions.length > 0 && lead !== 'review' && (
        <section className="card portal-card" aria-labelledby="portal-listen">
          <h2 id="portal-listen" className="portal-card__title">
            Listen
          </h2>
          <ReviewPanel project={project} review={review} onChanged={onChanged} onNotice={setNotice} />
        </section>
      )}
      {TAKING_UPLOADS.includes(project.status) && lead !== 'upload' && (
        <section className="card portal-card" aria-labelledby="portal-upload">
          <h2 id="portal-upload" className="portal-card__title">
            Add files
          </h2>
          <LazyUploader
            projectId={project.id}
            maxFileBytes={project.limits.maxFileBytes}
            remainingBytes={project.limits.maxProjectBytes - project.limits.usedBytes}
            onUploaded={onChanged}
          />
        </section>
      )}
      <section className="card portal-card" aria-labelledby="portal-files">
        <h2 id="portal-files" className="portal-card__title">
          Your files
        </h2>
        <ProjectFiles project={project} />
      </section>
      {review && lead !== 'pay' && (
        <section className="card portal-card" aria-labelledby="portal-money">
          <h2 id="portal-money" className="portal-card__title">
            Money
          </h2>
          <Money review={review} />
          <ProjectReceipts projectId={project.id} statusKey={project.status} />
        </section>
      )}
      <section className="card portal-card" aria-labelledby="portal-timeline">
        <h2 id="portal-timeline" className="portal-card__title">
          Timeline
        </h2>
        <ol className="portal-timeline">
          {project.events.map((e) => (
            <li key={e.id}>
              <time dateTime={e.createdAt}>{timelineDate.format(new Date(e.createdAt))}</time>
              <span>{e.message}</span>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}

export default function PortalProjectPage() {
  const { id = '' } = useParams();
  const query = useQuery({
    queryKey: portalKeys.project(id),
    queryFn: () => fetchPortalProject(id),
    // While files are being checked, look again every few seconds.
    refetchInterval: (q) => (q.state.data?.project.files.some((f) => f.status === 'stored') ? 3000 : false),
  });
  const project = query.data?.project;
  // Asked for at the same time as the project (not after it): one round trip less before the
  // page can show its next step. Every change made here refetches both.
  const reviewQuery = useQuery({ queryKey: reviewKeys.review(id), queryFn: () => fetchReview(id) });
  usePageTitle(project ? `${project.serviceName} project` : SITE_ROUTES.portalProject.title);
  const status = query.error instanceof ApiError ? query.error.status : null;
  const refresh = () => {
    void query.refetch();
    void reviewQuery.refetch();
  };

  return (
    <section className="page container portal">
      <p className="portal-back">
        <Link to="/portal">← All your projects</Link>
      </p>
      {query.isPending && <p className="portal-muted">Loading the project…</p>}
      {status === 401 && <PortalSignInForm next={portalProjectPath(id)} />}
      {status === 404 && <p role="alert">Project not found.</p>}
      {query.isError && status !== 401 && status !== 404 && (
        <p className="portal-error" role="alert">
          The project could not be loaded. Please try again in a moment.
        </p>
      )}
      {project && (
        <>
          <header className="portal-head">
            <h1 className="page__title">{project.serviceName}</h1>
            <span className="portal-status" data-testid="portal-status">
              {PROJECT_STATUS_LABELS[project.status]}
            </span>
            <span className="portal-muted">
              {pluralize(project.revisionRounds, 'revision round')} included
            </span>
          </header>
          {/* Until the review has loaded, the lead card would guess; wait for it (it is quick). */}
          {reviewQuery.isPending ? (
            <p className="portal-muted">Loading…</p>
          ) : (
            <ProjectBody project={project} review={reviewQuery.data?.review} onChanged={refresh} />
          )}
        </>
      )}
    </section>
  );
}
