/**
 * The first card of a project page: what the client should do now, with the means to do it
 * right there. Files to send → notes to give → the balance to pay (with what it is made of and
 * what it unlocks) → the files to download. Anything else the page shows comes after it.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  BALANCE_PAID_STATUSES,
  formatPence,
  pluralize,
  type ProjectDetailDto,
  type ProjectStatus,
  type ReviewDto,
} from '@studio/shared';
import { BalanceBreakdownList } from './balance-breakdown';
import { FinalDownloads } from './final-downloads';
import { LazyUploader } from './lazy-uploader';
import { ReviewPanel } from './review-panel';

export type NextStepKind = 'upload' | 'review' | 'pay' | 'download' | 'wait';

/** Which part of the page leads, by status (and whether there is a version to review). */
export function nextStepKind(status: ProjectStatus, review: ReviewDto | undefined): NextStepKind {
  if (status === 'awaiting_files') return 'upload';
  if (status === 'in_review' && review?.versions.length) return 'review';
  if (status === 'approved' && review?.money.payPath) return 'pay';
  if (BALANCE_PAID_STATUSES.includes(status)) return 'download';
  return 'wait';
}

const WAIT_TITLES: Partial<Record<ProjectStatus, string>> = {
  files_received: 'Your files are with the studio',
  in_progress: 'Your project is being worked on',
  in_review: 'A new version is on its way',
  revision_requested: 'Your notes are with the studio',
  approved: 'Your balance is being prepared',
  on_hold: 'Your project is paused',
  cancelled: 'This project was cancelled',
};

interface NextStepProps {
  project: ProjectDetailDto;
  review: ReviewDto | undefined;
  onChanged: () => void;
  onNotice: (text: string) => void;
}

export function NextStep({ project, review, onChanged, onNotice }: NextStepProps) {
  const kind = nextStepKind(project.status, review);
  let title: string;
  let body: ReactNode = null;

  switch (kind) {
    case 'upload':
      title = 'Send your files';
      body = (
        <LazyUploader
          projectId={project.id}
          maxFileBytes={project.limits.maxFileBytes}
          remainingBytes={project.limits.maxProjectBytes - project.limits.usedBytes}
          onUploaded={onChanged}
        />
      );
      break;
    case 'review': {
      const latest = review!.versions.at(-1)!;
      title = `Listen to version ${latest.number} and give your notes`;
      body = <ReviewPanel project={project} review={review!} onChanged={onChanged} onNotice={onNotice} />;
      break;
    }
    case 'pay': {
      const money = review!.money;
      const finals = review!.finals.length;
      title = `Pay balance ${formatPence(money.balancePence)}`;
      body = (
        <>
          <BalanceBreakdownList breakdown={money} />
          <Link to={money.payPath!} className="btn btn--primary btn--lg btn--block" data-testid="pay-balance">
            Pay balance {formatPence(money.balancePence)}
          </Link>
          <p className="portal-unlocks" data-testid="pay-unlocks">
            {finals > 0
              ? `Paying unlocks your ${pluralize(finals, 'final file')} at once: download them here.`
              : 'Paying unlocks your final files: they appear here as soon as the studio adds them.'}
          </p>
        </>
      );
      break;
    }
    case 'download':
      title = review?.finals.length ? 'Download your final files' : 'Your final files are being prepared';
      body = <FinalDownloads projectId={project.id} />;
      break;
    default:
      title = WAIT_TITLES[project.status] ?? 'What happens next';
  }

  return (
    <section
      className="card portal-card portal-next"
      aria-labelledby="portal-next-title"
      data-testid="next-step"
    >
      <p className="portal-next__eyebrow">Next step</p>
      <h2 id="portal-next-title" className="portal-card__title">
        {title}
      </h2>
      <p className="portal-next__text">{project.nextStep}</p>
      {body}
    </section>
  );
}
