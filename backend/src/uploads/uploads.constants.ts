export const PROBE_QUEUE = 'uploads-probe';
/** Probing reads whole files and runs ffmpeg: a few at a time per worker is plenty. */
export const PROBE_CONCURRENCY = 2;
export const UPLOADS_PATH = '/api/uploads';

export interface ProbeJob {
  fileId: string;
}

/** An upload still unfinished this long after it started is removed (PROJECT_MESSAGES.uploadExpired). */
export const ABANDONED_UPLOAD_MS = 7 * 24 * 60 * 60 * 1000;
/** How often each worker looks for them. */
export const ABANDONED_SWEEP_MS = 60 * 60 * 1000;
