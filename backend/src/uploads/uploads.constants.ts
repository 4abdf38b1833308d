export const PROBE_QUEUE = 'uploads-probe';
/** Probing reads whole files and runs ffmpeg: a few at a time per worker is plenty. */
export const PROBE_CONCURRENCY = 2;
export const UPLOADS_PATH = '/api/uploads';

export interface ProbeJob {
  fileId: string;
}
