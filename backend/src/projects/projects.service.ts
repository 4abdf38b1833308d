/**
 * Client projects: created from a paid booking (inside the webhook's transaction, once per
 * payment), read by their client through the portal and by staff through the admin pages, and
 * moved between states only through the shared `transitionProject` rule. Every change leaves a
 * line on the append-only timeline. The client's uploads (limits, room claimed as bytes arrive)
 * are project-files.service.ts; how a project is shown is project-views.ts.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  formatPence,
  includedRevisionRounds,
  PROJECT_MESSAGES,
  PROJECT_NEXT_STEP,
  PROJECT_STATUS_LABELS,
  ProjectActor,
  ProjectDetailDto,
  ProjectEventDto,
  ProjectStatus,
  ProjectSummaryDto,
  transitionProject,
  warningForStaff,
} from '@studio/shared';
import { EntityManager } from 'typeorm';
import { badRequest, conflict, notFound } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectEntity } from './entities/project.entity';
import { PortalAuthService } from './portal-auth.service';
import { crossFileWarnings, toEvent, toFile, toSummary } from './project-views';
import { NewEvent, ProjectListFilter, ProjectsRepository, WaitingProjectRow } from './projects.repository';

/** What the webhook knows about a settled payment. */
export interface PaidBooking {
  paymentId: number;
  kind: string;
  amountPence: number;
  remainingPence?: number;
  serviceId: number | null;
  serviceName?: string;
  customerEmail: string | null;
  customerName?: string;
}

export interface Staff {
  name: string;
}

@Injectable()
export class ProjectsService {
  private readonly logger = new Logger(ProjectsService.name);

  constructor(
    private readonly repo: ProjectsRepository,
    private readonly portalAuth: PortalAuthService,
    private readonly mail: MailService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Opens the project of a paid deposit or plan booking, in the caller's transaction. A second
   * call for the same payment changes nothing (unique payment id). Custom payments and payments
   * without an email open none.
   */
  async openForPayment(m: EntityManager, b: PaidBooking): Promise<string | null> {
    if ((b.kind !== 'deposit' && b.kind !== 'plan') || !b.customerEmail || !b.serviceName) return null;
    const id = await this.repo.insertForPayment(m, {
      paymentId: b.paymentId,
      customerEmail: b.customerEmail.trim().toLowerCase(),
      customerName: b.customerName ?? null,
      serviceId: b.serviceId,
      serviceName: b.serviceName,
      quotedPence: b.amountPence + (b.remainingPence ?? 0),
      depositPence: b.amountPence,
      revisionRounds: includedRevisionRounds(b.serviceName),
    });
    if (id) {
      await this.repo.appendEvent(
        {
          projectId: id,
          type: 'created',
          actor: 'system',
          message: `Project opened: ${b.serviceName} booked and paid.`,
        },
        m,
      );
    }
    return id;
  }

  /** Mails the client their project and a sign-in link; once per project (job id). */
  async mailProjectCreated(paymentId: number): Promise<void> {
    const project = await this.repo.findByPayment(paymentId);
    if (!project) return;
    const link = await this.portalAuth.projectLink(project.customerEmail, project.id);
    await this.mail.enqueueQuietly({
      template: 'project-created',
      to: project.customerEmail,
      subject: `Your ${project.serviceName} project is open: upload your files`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        signInUrl: link,
        projectUrl: this.portalAuth.projectUrl(project.id),
        revisionRounds: project.revisionRounds,
      },
      jobId: `project-${project.id}-created`,
    });
  }

  async listForClient(email: string): Promise<ProjectSummaryDto[]> {
    return (await this.repo.listForEmail(email)).map(toSummary);
  }

  /** The client's own project, or 404 whatever the reason (never "exists but not yours"). */
  async requireOwned(id: string, email: string): Promise<ProjectEntity> {
    const project = await this.repo.findOwned(id, email);
    if (!project) throw notFound(PROJECT_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
    return project;
  }

  async detailForClient(id: string, email: string): Promise<ProjectDetailDto> {
    return this.detail(await this.requireOwned(id, email), false);
  }

  async listForStaff(f: ProjectListFilter): Promise<{ projects: ProjectSummaryDto[]; total: number }> {
    const { rows, total } = await this.repo.list(f);
    return { projects: rows.map(toSummary), total };
  }

  /** Every project in one of these statuses, oldest wait first (the dashboard's work list). */
  waiting(statuses: readonly ProjectStatus[]): Promise<WaitingProjectRow[]> {
    return this.repo.waiting(statuses);
  }

  async detailForStaff(id: string): Promise<ProjectDetailDto> {
    return this.detail(await this.requireAny(id), true);
  }

  async changeStatus(id: string, to: ProjectStatus, staff: Staff, note?: string): Promise<ProjectDetailDto> {
    const project = await this.requireAny(id);
    await this.move(project, to, 'staff', staff.name, note ? `Status changed: ${note}` : undefined);
    return this.detailForStaff(id);
  }

  /**
   * An admin's refund of this project's money (in the refund's transaction, before Stripe is
   * called): the timeline records it with its reason, and the project goes on hold or is
   * cancelled when the admin chose so. Staff may make the move, or the system for a project
   * whose balance is paid (a refund is where paid work is undone); anything else is a 409 and
   * the refund is not made.
   */
  async moveForRefund(
    m: EntityManager,
    e: {
      paymentId: number;
      metaProjectId: unknown;
      action: 'none' | 'on_hold' | 'cancelled';
      reason: string;
      amountPence: number;
      staffName: string;
    },
  ): Promise<string | null> {
    const id = await this.repo.idForPayment(m, e.paymentId, e.metaProjectId);
    const project = id ? await this.repo.lockIn(m, id) : null;
    if (!project) return null;
    const line = `Refund of ${formatPence(e.amountPence)}: ${e.reason}`;
    if (e.action === 'none') {
      await this.repo.appendEvent(
        { projectId: project.id, type: 'note', actor: 'staff', actorName: e.staffName, message: line },
        m,
      );
      return project.id;
    }
    const actor = (['staff', 'system'] as const).find(
      (a) => transitionProject(project.status, e.action as ProjectStatus, a).ok,
    );
    if (!actor)
      throw conflict(
        `A ${PROJECT_STATUS_LABELS[project.status].toLowerCase()} project cannot be ${e.action === 'cancelled' ? 'cancelled' : 'put on hold'}; refund without changing it.`,
        'INVALID_TRANSITION',
      );
    if (project.status !== e.action)
      await this.repo.setStatusIn(m, project.id, e.action, {
        projectId: project.id,
        type: 'status_changed',
        actor: 'staff',
        actorName: e.staffName,
        message: `${PROJECT_STATUS_LABELS[e.action]}: ${line}`,
      });
    return project.id;
  }

  /** "Files accepted": the studio has what it needs and starts work. */
  async acceptFiles(id: string, staff: Staff): Promise<ProjectDetailDto> {
    const project = await this.requireAny(id);
    await this.move(
      project,
      'in_progress',
      'staff',
      staff.name,
      'Files accepted; work has started.',
      'files_accepted',
    );
    return this.detailForStaff(id);
  }

  /** "Ask for missing files": back to awaiting files, and the client gets the staff's note. */
  async requestFiles(id: string, staff: Staff, note: string): Promise<ProjectDetailDto> {
    const project = await this.requireAny(id);
    if (project.status !== 'awaiting_files') {
      await this.move(
        project,
        'awaiting_files',
        'staff',
        staff.name,
        `More files needed: ${note}`,
        'files_requested',
      );
    } else {
      await this.repo.appendEvent({
        projectId: id,
        type: 'files_requested',
        actor: 'staff',
        actorName: staff.name,
        message: `More files needed: ${note}`,
      });
    }
    await this.mailNeedsAttention(project, note, [], `project-${id}-request-${Date.now()}`);
    return this.detailForStaff(id);
  }

  async addNote(id: string, staff: Staff, note: string): Promise<ProjectDetailDto> {
    await this.requireAny(id);
    await this.repo.appendEvent({
      projectId: id,
      type: 'note',
      actor: 'staff',
      actorName: staff.name,
      message: note,
      internal: true,
    });
    return this.detailForStaff(id);
  }

  /**
   * Called by the probe job once a file is checked: the first good file of a project waiting for
   * files moves it to "files received" and tells the studio; warnings go to the client.
   */
  async onFileProbed(file: ProjectFileEntity): Promise<void> {
    const project = await this.requireAny(file.projectId);
    await this.repo.appendEvent({
      projectId: project.id,
      type: 'file_probed',
      actor: 'system',
      message: file.warnings.length
        ? `${file.name} checked: ${file.warnings.join(' ')}`
        : `${file.name} checked: no problems found.`,
    });
    if (file.status === 'probed' && project.status === 'awaiting_files') {
      const moved = await this.move(project, 'files_received', 'system', null, 'Files received.').catch(
        () => false,
      );
      if (moved) {
        await this.mail.enqueueQuietly({
          template: 'files-received',
          to: await this.mail.adminAddress(),
          replyTo: project.customerEmail,
          subject: `Files received: ${project.serviceName} for ${project.customerName ?? project.customerEmail}`,
          context: {
            customerName: project.customerName ?? undefined,
            customerEmail: project.customerEmail,
            serviceName: project.serviceName,
            projectUrl: `${this.config.publicUrl}/admin/projects/${project.id}`,
          },
          jobId: `project-${project.id}-files-received-${file.id}`,
        });
      }
    }
    if (file.warnings.length) {
      await this.mailNeedsAttention(
        project,
        undefined,
        [`${file.name}: ${file.warnings.join(' ')}`],
        `file-${file.id}-attention`,
      );
    }
  }

  /** Appends a line to a project's timeline. */
  async appendEvent(projectId: string, e: Omit<NewEvent, 'projectId'>): Promise<void> {
    await this.repo.appendEvent({ projectId, ...e });
  }

  /**
   * A download on the timeline: who, and which files (`zip` when they went as one ZIP). Staff
   * downloads are staff-only lines; the client's own downloads show on both sides.
   */
  async recordDownload(
    projectId: string,
    by: { actor: 'client' | 'staff'; name: string },
    fileNames: string[],
    zip: boolean,
  ): Promise<void> {
    const how = zip ? ` as one ZIP of ${fileNames.length} file${fileNames.length === 1 ? '' : 's'}` : '';
    await this.repo.appendEvent({
      projectId,
      type: 'download',
      actor: by.actor,
      actorName: by.name,
      message: `Downloaded by ${by.name}${how}: ${fileNames.join(', ')}.`,
      internal: by.actor === 'staff',
    });
  }

  private async mailNeedsAttention(
    project: ProjectEntity,
    note: string | undefined,
    problems: string[],
    jobId: string,
  ): Promise<void> {
    const signInUrl = await this.portalAuth.projectLink(project.customerEmail, project.id);
    await this.mail.enqueueQuietly({
      template: 'files-need-attention',
      to: project.customerEmail,
      subject: `Your ${project.serviceName} project: files need attention`,
      context: {
        customerName: project.customerName ?? undefined,
        serviceName: project.serviceName,
        note,
        problems,
        signInUrl,
        projectUrl: this.portalAuth.projectUrl(project.id),
      },
      jobId,
    });
  }

  private async move(
    project: ProjectEntity,
    to: ProjectStatus,
    actor: ProjectActor,
    actorName: string | null,
    message?: string,
    type: ProjectEventDto['type'] = 'status_changed',
  ): Promise<boolean> {
    const result = transitionProject(project.status, to, actor);
    if (!result.ok) throw badRequest(result.reason, 'INVALID_TRANSITION');
    // Asking for the status it already has changes nothing (every transition is idempotent).
    if (!result.changed) return false;
    const moved = await this.repo.moveStatus(project.id, project.status, to, {
      projectId: project.id,
      type,
      actor,
      actorName,
      message:
        message ??
        `Status changed from ${PROJECT_STATUS_LABELS[project.status]} to ${PROJECT_STATUS_LABELS[to]}.`,
    });
    if (!moved) throw conflict('The project changed meanwhile; reload and try again.', 'PROJECT_CHANGED');
    project.status = to;
    return true;
  }

  async requireAny(id: string): Promise<ProjectEntity> {
    const project = await this.repo.findById(id);
    if (!project) throw notFound(PROJECT_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND');
    return project;
  }

  private async detail(project: ProjectEntity, staff: boolean): Promise<ProjectDetailDto> {
    const [events, files, usedBytes] = await Promise.all([
      this.repo.events(project.id, staff),
      this.repo.files(project.id),
      this.repo.usedBytes(project.id),
    ]);
    // Uploads in flight and files refused for their type (no kind) are not part of the project.
    const visible = files.filter((f) => f.status !== 'uploading' && f.kind !== null);
    return {
      ...toSummary(Object.assign(project, { fileCount: visible.length })),
      events: events.map(toEvent),
      // Staff read the checks about the client's files in their own words ("The stems use…").
      files: visible
        .map(toFile)
        .map((f) => (staff ? { ...f, warnings: f.warnings.map(warningForStaff) } : f)),
      warnings: crossFileWarnings(visible).map((w) => (staff ? warningForStaff(w) : w)),
      limits: {
        maxFileBytes: this.config.storage.maxFileBytes,
        maxProjectBytes: this.config.storage.maxProjectBytes,
        usedBytes,
      },
      nextStep: PROJECT_NEXT_STEP[project.status],
    };
  }
}
