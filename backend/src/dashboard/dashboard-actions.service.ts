/**
 * What needs doing (issue 22): every piece of work waiting for the studio, oldest first, read
 * from each feature's own service. The list is complete, never a top N: an item leaves it only
 * when the work is done (files accepted, a version posted, the balance paid, the message
 * opened, the mail sent after a retry). A project's wait counts from the moment it entered its
 * status (`status_changed_at`); a message's from its arrival; a failed mail's from the moment
 * the worker gave up on it.
 */
import { Injectable } from '@nestjs/common';
import {
  DASHBOARD_ACTION_KINDS,
  DashboardActionDto,
  DashboardActionKind,
  formatPence,
  ProjectStatus,
} from '@studio/shared';
import { AdminMessagesService } from '../contact/admin-messages.service';
import { MailService } from '../mail/mail.service';
import { ProjectsService } from '../projects/projects.service';
import type { WaitingProjectRow } from '../projects/projects.repository';

/** The project status each project kind stands for. */
const PROJECT_KINDS: Partial<Record<ProjectStatus, DashboardActionKind>> = {
  files_received: 'files_arrived',
  revision_requested: 'round_submitted',
  approved: 'balance_unpaid',
};

export interface DashboardActions {
  actions: DashboardActionDto[];
  counts: Record<DashboardActionKind, number>;
}

@Injectable()
export class DashboardActionsService {
  constructor(
    private readonly projects: ProjectsService,
    private readonly messages: AdminMessagesService,
    private readonly mail: MailService,
  ) {}

  async list(kind?: DashboardActionKind): Promise<DashboardActions> {
    const statuses = Object.keys(PROJECT_KINDS) as ProjectStatus[];
    const [projects, unread, failed] = await Promise.all([
      this.projects.waiting(statuses),
      this.messages.unread(),
      this.mail.failedMails(),
    ]);
    const all: DashboardActionDto[] = [
      ...projects.map(projectAction),
      ...unread.map((m): DashboardActionDto => ({
        kind: 'unread_message',
        since: m.createdAt,
        label: `Message from ${m.name}${m.serviceLabel ? ` about ${m.serviceLabel}` : ''}`,
        messageId: m.id,
      })),
      ...failed.map((f): DashboardActionDto => ({
        kind: 'failed_mail',
        since: f.failedAt.toISOString(),
        label: `Mail to ${f.to} not delivered: ${f.subject}`,
        jobId: f.jobId,
      })),
    ];
    // Oldest first; equal times keep a stable order (kind, then what they point at).
    all.sort(
      (a, b) =>
        a.since.localeCompare(b.since) ||
        DASHBOARD_ACTION_KINDS.indexOf(a.kind) - DASHBOARD_ACTION_KINDS.indexOf(b.kind) ||
        pointer(a).localeCompare(pointer(b)),
    );
    const counts = Object.fromEntries(DASHBOARD_ACTION_KINDS.map((k) => [k, 0])) as Record<
      DashboardActionKind,
      number
    >;
    for (const a of all) counts[a.kind] += 1;
    return { actions: kind ? all.filter((a) => a.kind === kind) : all, counts };
  }
}

function projectAction(p: WaitingProjectRow): DashboardActionDto {
  const kind = PROJECT_KINDS[p.status]!;
  const who = p.customerName || p.customerEmail;
  const since = new Date(p.since).toISOString();
  switch (kind) {
    case 'files_arrived':
      return {
        kind,
        since,
        projectId: p.id,
        label: `${who}'s files for ${p.serviceName} wait to be accepted`,
      };
    case 'round_submitted':
      return { kind, since, projectId: p.id, label: `${who} asked for a revision of ${p.serviceName}` };
    default: {
      const amount = p.balancePence ?? undefined;
      const owed = amount !== undefined ? `${formatPence(amount)} balance` : 'Balance';
      return {
        kind,
        since,
        projectId: p.id,
        amountPence: amount,
        label: `${owed} unpaid by ${who} for ${p.serviceName}`,
      };
    }
  }
}

const pointer = (a: DashboardActionDto) =>
  a.projectId ?? a.jobId ?? String(a.messageId ?? '').padStart(12, '0');
