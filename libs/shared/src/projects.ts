/**
 * Client projects (issue 13): the states a project moves through, who may move it, the revision
 * rounds a booking includes, the upload limits and types, and the messages the portal and the
 * admin pages show. The backend and both remotes import these; nothing keeps a second copy.
 */
import { findPlanByName } from './catalogue';
import { kindsOf } from './labelled-kinds';

/** The states, in the order a project moves through them, with the words people read for each. */
export const PROJECT_STATUS_LABELS = {
  awaiting_files: 'Awaiting files',
  files_received: 'Files received',
  in_progress: 'In progress',
  in_review: 'In review',
  revision_requested: 'Revision requested',
  approved: 'Approved',
  paid: 'Paid',
  delivered: 'Delivered',
  closed: 'Closed',
  on_hold: 'On hold',
  cancelled: 'Cancelled',
} satisfies Record<string, string>;
export type ProjectStatus = keyof typeof PROJECT_STATUS_LABELS;
export const PROJECT_STATUSES = kindsOf(PROJECT_STATUS_LABELS);

/** What the client reads under the status: what happens next. */
export const PROJECT_NEXT_STEP: Record<ProjectStatus, string> = {
  awaiting_files:
    'Upload your stems, references and notes below. We start as soon as the studio has accepted your files.',
  files_received: 'Your files are with the studio. We check them and tell you if anything is missing.',
  in_progress: 'Your project is being worked on. We will be in touch when the first version is ready.',
  in_review:
    'A new version is ready. Listen, leave notes at the exact moments, then submit them as a revision round or approve the version.',
  revision_requested: 'Your notes are with the studio. The next version will address them.',
  approved: 'You approved the final version. Pay the balance to unlock your final files.',
  paid: 'Thank you: the balance is paid. Your final files are being prepared.',
  delivered: 'Your final files are ready to download below.',
  closed: 'This project is closed. Your downloads stay available below.',
  on_hold: 'Your project is paused. The studio will contact you about the next step.',
  cancelled: 'This project was cancelled. Contact the studio if you think this is a mistake.',
};

export type ProjectActor = 'client' | 'staff' | 'system';

/**
 * Every move a project may make, and who may make it. `files_received` is reached by the client
 * (the first finished upload) or by staff ("files accepted"); "ask for missing files" sends a
 * project back to `awaiting_files`. Part 2: a posted version puts the project `in_review`
 * (staff, or the system once its preview is ready); the client's submitted round asks for a
 * revision, their approval ends the reviews; the balance payment (system) makes it `paid`, the
 * unlocked final files `delivered`; staff close it. Money taken (paid and later) is never
 * cancelled here: that is a refund, in the payments pages. When the balance is given back (a
 * full refund, a lost dispute) the system puts a paid project on hold: its finals lock again;
 * a refund made in the payments page may put it on hold or cancel it, as the admin chose.
 */
const WORK = ['staff'] as const;
const TRANSITIONS: Record<ProjectStatus, Partial<Record<ProjectStatus, readonly ProjectActor[]>>> = {
  awaiting_files: {
    files_received: ['client', 'staff', 'system'],
    on_hold: WORK,
    cancelled: WORK,
  },
  files_received: {
    awaiting_files: WORK,
    in_progress: WORK,
    on_hold: WORK,
    cancelled: WORK,
  },
  in_progress: {
    awaiting_files: WORK,
    in_review: ['staff', 'system'],
    on_hold: WORK,
    cancelled: WORK,
  },
  in_review: {
    revision_requested: ['client'],
    approved: ['client'],
    in_progress: WORK,
    on_hold: WORK,
    cancelled: WORK,
  },
  revision_requested: {
    in_progress: WORK,
    in_review: ['staff', 'system'],
    on_hold: WORK,
    cancelled: WORK,
  },
  approved: { paid: ['system'], in_review: WORK, on_hold: WORK, cancelled: WORK },
  paid: { delivered: ['staff', 'system'], closed: WORK, on_hold: ['system'], cancelled: ['system'] },
  delivered: { closed: WORK, on_hold: ['system'], cancelled: ['system'] },
  closed: { on_hold: ['system'], cancelled: ['system'] },
  on_hold: {
    awaiting_files: WORK,
    files_received: WORK,
    in_progress: WORK,
    in_review: WORK,
    cancelled: WORK,
  },
  cancelled: {},
};

export type TransitionResult =
  { ok: true; status: ProjectStatus; changed: boolean } | { ok: false; reason: string };

/**
 * The one rule for status changes: pure, so it is tested on its own and used everywhere. Asking
 * for the status a project already has is allowed and changes nothing (`changed: false`), so a
 * retried request or a repeated job is harmless.
 */
export function transitionProject(
  from: ProjectStatus,
  to: ProjectStatus,
  actor: ProjectActor,
): TransitionResult {
  if (!PROJECT_STATUSES.includes(to)) return { ok: false, reason: `Unknown status "${String(to)}".` };
  if (from === to) return { ok: true, status: to, changed: false };
  const allowed = TRANSITIONS[from]?.[to];
  if (!allowed) {
    return {
      ok: false,
      reason: `A project cannot go from ${PROJECT_STATUS_LABELS[from]} to ${PROJECT_STATUS_LABELS[to]}.`,
    };
  }
  if (!allowed.includes(actor)) {
    return { ok: false, reason: `Only the studio can move a project to ${PROJECT_STATUS_LABELS[to]}.` };
  }
  return { ok: true, status: to, changed: true };
}

/** Statuses in which the balance has been paid (final files unlocked). */
export const BALANCE_PAID_STATUSES: readonly ProjectStatus[] = ['paid', 'delivered', 'closed'];

/** The statuses staff may choose next from `from` (for the admin page's buttons). */
export function nextStatuses(from: ProjectStatus, actor: ProjectActor = 'staff'): ProjectStatus[] {
  return PROJECT_STATUSES.filter((to) => {
    const r = transitionProject(from, to, actor);
    return r.ok && r.changed;
  });
}

/** Revision rounds a booking includes: per the price list (spec §9); the bulk deal is per song. */
export const REVISION_ROUNDS: Record<string, { rounds: number; perSong: boolean }> = {
  mix: { rounds: 2, perSong: false },
  'mix-master': { rounds: 3, perSong: false },
  master: { rounds: 1, perSong: false },
  bulk: { rounds: 3, perSong: true },
};
export const BULK_SONGS = 5;

/** Total rounds included for a service name (a `production_services.name`); 0 when unknown. */
export function includedRevisionRounds(serviceName: string): number {
  const plan = findPlanByName(serviceName);
  const rule = plan ? REVISION_ROUNDS[plan.id] : undefined;
  if (!rule) return 0;
  return rule.perSong ? rule.rounds * BULK_SONGS : rule.rounds;
}

export const PROJECT_EVENT_TYPES = [
  'created',
  'status_changed',
  'file_uploaded',
  'file_probed',
  'note',
  'files_accepted',
  'files_requested',
  'version_posted',
  'version_ready',
  'comment',
  'round_submitted',
  'extra_round',
  'approved',
  'balance_requested',
  'balance_paid',
  'final_uploaded',
  'download',
] as const;
export type ProjectEventType = (typeof PROJECT_EVENT_TYPES)[number];

export const PORTAL = {
  /** Lifetime of a sign-in link. */
  linkMinutes: 30,
  /** Lifetime of the portal session cookie. */
  sessionDays: 14,
  cookieName: 'portal_session',
} as const;

/**
 * Where a sign-in link may take the client once signed in: the portal or one of its projects.
 * Anything else (another site, a staff page) is refused, so a link cannot be made to send a
 * client elsewhere.
 */
export const PORTAL_RETURN_PATH = /^\/portal(?:\/projects\/[0-9a-f-]{36})?$/i;

export function portalReturnPath(next: unknown): string {
  return typeof next === 'string' && PORTAL_RETURN_PATH.test(next) ? next : '/portal';
}

/** The page a project's mails and buttons open. */
export function portalProjectPath(projectId: string): string {
  return `/portal/projects/${encodeURIComponent(projectId)}`;
}

/**
 * The sign-in page, returning to `next` afterwards (the token goes in the fragment, added by the
 * server, so it is never sent in a request line).
 */
export function portalSignInPath(next?: string): string {
  const back = portalReturnPath(next);
  return back === '/portal' ? '/portal/sign-in' : `/portal/sign-in?next=${back}`;
}

/** Default upload limits (the server reads UPLOAD_MAX_FILE_MB / UPLOAD_MAX_PROJECT_MB). */
export const UPLOAD_DEFAULTS = { maxFileMb: 2048, maxProjectMb: 20480 } as const;

/**
 * Limits on the number of uploads, whatever their size: files one project may hold (uploads in
 * flight included, failed and cancelled ones not), and uploads one portal session may start in
 * a window of time (a folder of stems dropped at once fits easily; a script creating rows does
 * not).
 */
export const UPLOAD_RULES = {
  maxFilesPerProject: 200,
  createPerSession: 100,
  createWindowMinutes: 10,
} as const;

/** What the portal accepts, judged by content (magic bytes), not by name. */
export const UPLOAD_KINDS = ['wav', 'aiff', 'flac', 'mp3', 'm4a', 'ogg', 'zip', 'pdf', 'txt'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];
export const AUDIO_KINDS: readonly UploadKind[] = ['wav', 'aiff', 'flac', 'mp3', 'm4a', 'ogg'];
export const LOSSY_KINDS: readonly UploadKind[] = ['mp3', 'm4a', 'ogg'];
/** For the file picker's hint; the server decides by content. */
export const UPLOAD_ACCEPT = [
  '.wav',
  '.aif',
  '.aiff',
  '.flac',
  '.mp3',
  '.m4a',
  '.ogg',
  '.zip',
  '.pdf',
  '.txt',
];

export const PROBE_WARNINGS = {
  lossy:
    'This is a lossy file (MP3, AAC or Ogg). Send the original WAV, AIFF or FLAC stems if you have them.',
  silent: 'This file is silent.',
  clipping: 'This file clips (samples at full scale).',
  sampleRates: 'Your stems use different sample rates',
  lengths: 'Your stems have different lengths',
  unreadable: 'The audio in this file could not be read.',
} as const;

/**
 * The same checks as staff read them (issue 22): about the client's files, and saying what the
 * studio can do, never "your stems". Stored warnings keep the client's words; the staff API
 * answers with these.
 */
export const STAFF_PROBE_WARNINGS: Record<keyof typeof PROBE_WARNINGS, string> = {
  lossy: 'This is a lossy file (MP3, AAC or Ogg). Ask the client for the original WAV, AIFF or FLAC stems.',
  silent: 'This file is silent.',
  clipping: 'This file clips (samples at full scale).',
  sampleRates: 'The stems use different sample rates',
  lengths: 'The stems have different lengths',
  unreadable: 'The audio in this file could not be read.',
};

/** A probe warning in the staff's words (what follows the known sentence, such as the rates, is kept). */
export function warningForStaff(warning: string): string {
  for (const key of Object.keys(PROBE_WARNINGS) as (keyof typeof PROBE_WARNINGS)[]) {
    if (warning.startsWith(PROBE_WARNINGS[key]))
      return STAFF_PROBE_WARNINGS[key] + warning.slice(PROBE_WARNINGS[key].length);
  }
  return warning;
}

export const PROJECT_MESSAGES = {
  linkSent:
    'If that address has a project with us, a sign-in link is on its way. It works once, for 30 minutes.',
  linkInvalid: 'This sign-in link has expired or was already used. Ask for a new one below.',
  notSignedIn: 'Please sign in to your portal to continue.',
  projectNotFound: 'Project not found.',
  fileNotFound: 'File not found.',
  fileTooLarge: (mb: number) => `This file is larger than the ${formatMb(mb)} limit for one file.`,
  projectTooLarge: (mb: number) => `This upload would take the project past its ${formatMb(mb)} limit.`,
  badType: (detected: string) =>
    `This file is ${detected}. Upload audio (WAV, AIFF, FLAC, MP3, M4A, Ogg), a ZIP of audio, a PDF or a text file.`,
  projectClosed: 'This project no longer takes uploads.',
  uploadExpired:
    'This upload was not finished within 7 days, so what had arrived was removed. Send the file again.',
  uploadBusy: 'This upload is already being sent from another tab or device.',
  uploadCancelled: 'This upload was cancelled before it finished.',
  tooManyFiles: (max: number) =>
    `This project already holds ${max} files, the most one project can. Put the rest in a ZIP and upload that.`,
  uploadsTooFast:
    'You have started a lot of uploads in a short time. Please wait a few minutes and try again.',
} as const;

export function formatMb(mb: number): string {
  return mb >= 1024 && mb % 1024 === 0 ? `${mb / 1024} GB` : `${mb} MB`;
}

export interface ProjectEventDto {
  id: number;
  type: ProjectEventType;
  actor: ProjectActor;
  actorName: string | null;
  message: string;
  /** Staff-only events (internal notes) are never sent to the client. */
  internal: boolean;
  createdAt: string;
}

export interface ProbeResult {
  format?: string;
  codec?: string;
  sampleRate?: number;
  bitDepth?: number;
  channels?: number;
  durationSec?: number;
  lossless?: boolean;
  /** Loudest sample in dBFS (ffmpeg volumedetect), when ffmpeg ran. */
  peakDb?: number;
  meanDb?: number;
}

export interface ProjectFileDto {
  id: string;
  name: string;
  size: number;
  kind: UploadKind | null;
  status: 'uploading' | 'stored' | 'probed' | 'failed';
  sha256: string | null;
  probe: ProbeResult | null;
  warnings: string[];
  createdAt: string;
}

export interface ProjectSummaryDto {
  id: string;
  serviceName: string;
  status: ProjectStatus;
  customerEmail: string;
  customerName: string | null;
  quotedPence: number;
  depositPence: number;
  revisionRounds: number;
  fileCount: number;
  createdAt: string;
  updatedAt: string;
}

export interface ProjectDetailDto extends ProjectSummaryDto {
  events: ProjectEventDto[];
  files: ProjectFileDto[];
  /** Warnings across files (mixed sample rates, different lengths). */
  warnings: string[];
  limits: { maxFileBytes: number; maxProjectBytes: number; usedBytes: number };
  nextStep: string;
}
