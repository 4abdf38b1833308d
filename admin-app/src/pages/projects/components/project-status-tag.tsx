import { PROJECT_STATUS_LABELS, type ProjectStatus } from '@studio/shared';
import { ToneTag, type Tone } from '../../../components/tone-tag';

const TONE: Record<ProjectStatus, Tone> = {
  awaiting_files: 'warning',
  files_received: 'info',
  in_progress: 'success',
  in_review: 'info',
  revision_requested: 'warning',
  approved: 'success',
  paid: 'success',
  delivered: 'success',
  closed: 'neutral',
  on_hold: 'neutral',
  cancelled: 'danger',
};

export function ProjectStatusTag({ status }: { status: ProjectStatus }) {
  return <ToneTag tone={TONE[status]}>{PROJECT_STATUS_LABELS[status]}</ToneTag>;
}
