/**
 * Periodic background work (sweeps, retries) in one shape: every `everyMs` the task runs, never
 * twice at once in this process (a slow run makes the next tick skip, not pile up), and a
 * failure is logged as a warning and left for the next tick. The timer does not keep the
 * process alive; `stop()` on shutdown clears it.
 *
 * Typical use in a provider that works only in queue-working processes:
 *   private readonly runner = new IntervalRunner('Storage removal sweep', STORAGE_SWEEP_MS, () => this.sweep());
 *   onApplicationBootstrap() { if (this.config.role !== 'api') this.runner.start(); }
 *   onApplicationShutdown() { this.runner.stop(); }
 */
import { Logger } from '@nestjs/common';

export class IntervalRunner {
  private timer?: NodeJS.Timeout;
  private running = false;
  private readonly logger: Logger;

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly task: () => Promise<unknown>,
  ) {
    this.logger = new Logger(name);
  }

  /** Starts ticking; `runNow` also runs the task once straight away. Starting twice is a no-op. */
  start({ runNow = false }: { runNow?: boolean } = {}): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runOnce(), this.everyMs);
    this.timer.unref();
    if (runNow) void this.runOnce();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Runs the task unless a run is already under way; never rejects. */
  async runOnce(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.task();
    } catch (err) {
      this.logger.warn(`${this.name} failed: ${(err as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
