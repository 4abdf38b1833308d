/**
 * Client projects: created from a paid booking (inside the webhook's transaction, once per
 * payment), read by their client through the portal and by staff through the admin pages, and
 * moved between states only through the shared `transitionProject` rule. Every change leaves a
 * line on the append-only timeline.
 */
import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  formatPence,
  includedRevisionRounds,
  PROBE_WARNINGS,
  PROJECT_MESSAGES,
  PROJECT_NEXT_STEP,
  PROJECT_STATUS_LABELS,
  ProjectActor,
  ProjectDetailDto,
  ProjectEventDto,
  ProjectFileDto,
  ProjectStatus,
  ProjectSummaryDto,
  transitionProject,
  UPLOAD_RULES,
  warningForStaff,
} from '@studio/shared';
import { EntityManager } from 'typeorm';
import { badRequest, conflict, notFound, tooLarge } from '../common/errors/app.exception';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { MailService } from '../mail/mail.service';
import { ProjectEventEntity } from './entities/project-event.entity';
import { ProjectFileEntity } from './entities/project-file.entity';
import { ProjectEntity } from './entities/project.entity';
import { PortalAuthService } from './portal-auth.service';
import {
  NewEvent,
  ProjectListFilter,
  ProjectsRepository,
  ProjectWithCount,
  WaitingProjectRow,
} from './projects.repository';

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

  /**
   * The client's project, ready to take an upload of `size` bytes (404, 409 or 413 otherwise).
   * The upload holds no room yet: bytes count against the project's limit as they arrive
   * (claimWrite), so an upload started and never sent takes nothing from it.
   */
  async startUpload(
    file: { id: string; projectId: string; name: string; size: number },
    email: string,
  ): Promise<void> {
    const project = await this.requireOwned(file.projectId, email);
    if (project.status === 'cancelled') throw conflict(PROJECT_MESSAGES.projectClosed, 'PROJECT_CLOSED');
    const { maxFileBytes, maxFileMb, maxProjectBytes, maxProjectMb } = this.config.storage;
    if (file.size > maxFileBytes) throw tooLarge(PROJECT_MESSAGES.fileTooLarge(maxFileMb), 'FILE_TOO_LARGE');
    const maxFiles = UPLOAD_RULES.maxFilesPerProject;
    const reserved = await this.repo.reserveFile(file, { maxBytes: maxProjectBytes, maxFiles });
    if (reserved === 'too-many') throw conflict(PROJECT_MESSAGES.tooManyFiles(maxFiles), 'TOO_MANY_FILES');
    if (reserved === 'too-large')
      throw tooLarge(PROJECT_MESSAGES.projectTooLarge(maxProjectMb), 'PROJECT_TOO_LARGE');
  }

  /**
   * Before bytes are written to one of the client's uploads: claims room for it to hold `upTo`
   * bytes, or refuses with 413 when the project would pass its limit (nothing is written then).
   * `settleWrite` afterwards records what really arrived.
   */
  async claimWrite(fileId: string, email: string, upTo: number): Promise<void> {
    const file = await this.requireOwnedFile(fileId, email);
    if (file.status !== 'uploading') return;
    const { maxProjectBytes, maxProjectMb } = this.config.storage;
    if (!(await this.repo.claimReceived(file.id, file.projectId, upTo, maxProjectBytes)))
      throw tooLarge(PROJECT_MESSAGES.projectTooLarge(maxProjectMb), 'PROJECT_TOO_LARGE');
  }

  settleWrite(fileId: string, received: number): Promise<void> {
    return this.repo.setReceived(fileId, received);
  }

  /** The client deleted an unfinished upload: it stops counting at once. */
  async cancelUpload(fileId: string): Promise<void> {
    await this.repo.cancelUpload(fileId, PROJECT_MESSAGES.uploadCancelled);
  }

  /** A file of the client's own projects, or 404 (the same for a guessed or foreign id). */
  async requireOwnedFile(fileId: string, email: string): Promise<ProjectFileEntity> {
    const file = await this.repo.findFile(fileId);
    if (!file || !(await this.repo.findOwned(file.projectId, email)))
      throw notFound(PROJECT_MESSAGES.fileNotFound, 'FILE_NOT_FOUND');
    return file;
  }

  /** Uploads a client started but never finished within `olderThanMs`: marked failed, ids returned. */
  expireUploads(tx: EntityManager, olderThanMs: number): Promise<string[]> {
    return this.repo.expireUploads(tx, olderThanMs, PROJECT_MESSAGES.uploadExpired);
  }

  findFile(fileId: string): Promise<ProjectFileEntity | null> {
    return this.repo.findFile(fileId);
  }

  async markFile(
    fileId: string,
    patch: Partial<Pick<ProjectFileEntity, 'kind' | 'status' | 'sha256' | 'probe' | 'warnings' | 'received'>>,
  ): Promise<void> {
    await this.repo.updateFile(fileId, patch);
  }

  /** Appends a line to a project's timeline. */
  async appendEvent(projectId: string, e: Omit<NewEvent, 'projectId'>): Promise<void> {
    await this.repo.appendEvent({ projectId, ...e });
  }

  async recordUpload(projectId: string, fileName: string): Promise<void> {
    await this.repo.appendEvent({
      projectId,
      type: 'file_uploaded',
      actor: 'client',
      message: `Uploaded ${fileName}.`,
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

/** Mixed sample rates and stems of different lengths across a project's audio files. */
export function crossFileWarnings(files: Pick<ProjectFileEntity, 'probe' | 'name'>[]): string[] {
  const audio = files.filter((f) => f.probe?.sampleRate);
  const warnings: string[] = [];
  const rates = [...new Set(audio.map((f) => f.probe!.sampleRate!))].sort((a, b) => a - b);
  if (rates.length > 1)
    warnings.push(`${PROBE_WARNINGS.sampleRates}: ${rates.map((r) => `${r} Hz`).join(', ')}.`);
  const lengths = audio.map((f) => f.probe?.durationSec).filter((d): d is number => typeof d === 'number');
  // Stems of one song are exported from one session; more than half a second apart is a mistake.
  if (lengths.length > 1 && Math.max(...lengths) - Math.min(...lengths) > 0.5) {
    const fmt = (s: number) => `${s.toFixed(1)} s`;
    warnings.push(`${PROBE_WARNINGS.lengths}: ${fmt(Math.min(...lengths))} to ${fmt(Math.max(...lengths))}.`);
  }
  return warnings;
}

function toSummary(p: ProjectWithCount): ProjectSummaryDto {
  return {
    id: p.id,
    serviceName: p.serviceName,
    status: p.status,
    customerEmail: p.customerEmail,
    customerName: p.customerName,
    quotedPence: p.quotedPence,
    depositPence: p.depositPence,
    revisionRounds: p.revisionRounds,
    fileCount: p.fileCount,
    createdAt: p.createdAt.toISOString(),
    updatedAt: p.updatedAt.toISOString(),
  };
}

function toEvent(e: ProjectEventEntity): ProjectEventDto {
  return {
    id: Number(e.id),
    type: e.type,
    actor: e.actor,
    actorName: e.actorName,
    message: e.message,
    internal: e.internal,
    createdAt: e.createdAt.toISOString(),
  };
}

function toFile(f: ProjectFileEntity): ProjectFileDto {
  return {
    id: f.id,
    name: f.name,
    size: Number(f.size),
    kind: f.kind,
    status: f.status,
    sha256: f.sha256,
    probe: f.probe,
    warnings: f.warnings,
    createdAt: f.createdAt.toISOString(),
  };
}
