/** The Bull queues of projects part 2. */
export const PREVIEW_QUEUE = 'project-previews';
export const REMINDER_QUEUE = 'project-reminders';
/** ffmpeg is CPU-heavy: one preview at a time per worker. */
export const PREVIEW_CONCURRENCY = 1;

export interface PreviewJob {
  versionId: string;
}

export interface ReminderJob {
  projectId: string;
  day: number;
}

export const reminderJobId = (projectId: string, day: number) => `balance-${projectId}-reminder-${day}`;
