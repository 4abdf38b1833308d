/**
 * A job that runs on a cron schedule (the monthly lottery, the daily reconciliation), in one
 * shape: the process works the job one at a time, and the schedule is registered as a Bull
 * repeatable job. Bull keys a repeatable job by name, cron and time zone, so every worker
 * registering it at boot still yields one schedule. A failed run is retried with exponential
 * backoff (a minute first) and kept for staff on the queue board; a schedule that cannot be
 * registered (Redis away at boot) is logged, not thrown, so the process still starts.
 *
 * Call it from `onApplicationBootstrap` of a provider, in processes that work queues only.
 */
import { Logger } from '@nestjs/common';
import type { Queue } from 'bull';

export interface RepeatableJob {
  /** The job's name on its queue. */
  job: string;
  cron: string;
  tz: string;
  attempts: number;
  /** How many completed runs the queue board keeps. */
  keepCompleted: number;
  /** What the job is, in the log: "monthly lottery", "daily reconciliation". */
  label: string;
}

export async function runRepeatable(
  queue: Queue,
  spec: RepeatableJob,
  run: () => Promise<unknown>,
  logger: Logger,
): Promise<void> {
  queue
    .process(spec.job, 1, run)
    .catch((err: Error) => logger.error(`The ${spec.label} worker stopped: ${err.message}`));
  try {
    await queue.add(
      spec.job,
      {},
      {
        repeat: { cron: spec.cron, tz: spec.tz },
        attempts: spec.attempts,
        backoff: { type: 'exponential', delay: 60_000 },
        removeOnComplete: spec.keepCompleted,
        removeOnFail: false,
      },
    );
  } catch (err) {
    logger.error(`Could not schedule the ${spec.label}: ${(err as Error).message}`);
  }
}
