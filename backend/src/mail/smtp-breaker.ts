/**
 * A circuit breaker in front of the SMTP server. When a send fails because the server cannot be
 * reached, the breaker opens: this worker stops taking mail jobs (a local pause of the queue),
 * so a long outage does not burn every queued job's attempts one after another. While open it
 * probes the server every `probeMs`; the first probe that gets through closes it and the worker
 * drains the backlog. Only the jobs in flight when the server went away spend an attempt.
 */
import { Logger } from '@nestjs/common';

/** nodemailer's and Node's codes for "the server is not there", as opposed to a refused mail. */
const CONNECTION_CODES = new Set([
  'ECONNECTION',
  'ETIMEDOUT',
  'ESOCKET',
  'EDNS',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENOTFOUND',
]);

export function isConnectionFailure(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && CONNECTION_CODES.has(code);
}

export interface BreakerHooks {
  /** Checks the server (nodemailer's verify()); rejects while it is away. */
  probe: () => Promise<unknown>;
  /** Stop taking jobs. */
  onOpen: () => Promise<void>;
  /** Take jobs again. */
  onClose: () => Promise<void>;
}

export class SmtpBreaker {
  private readonly logger = new Logger('SmtpBreaker');
  private open = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  /** How many times it has opened, for the dashboard and the benchmark. */
  opened = 0;

  constructor(
    private readonly hooks: BreakerHooks,
    private readonly probeMs: number,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  async trip(reason: string): Promise<void> {
    if (this.open || this.stopped) return;
    this.open = true;
    this.opened++;
    this.logger.warn(`SMTP unreachable (${reason}); pausing mail jobs, probing every ${this.probeMs} ms`);
    try {
      await this.hooks.onOpen();
    } finally {
      this.schedule();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
  }

  private schedule(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.tryClose(), this.probeMs);
    this.timer.unref();
  }

  private async tryClose(): Promise<void> {
    if (this.stopped) return;
    try {
      await this.hooks.probe();
    } catch {
      this.schedule();
      return;
    }
    if (this.stopped) return;
    this.open = false;
    this.logger.log('SMTP reachable again; resuming mail jobs');
    await this.hooks.onClose().catch((err: Error) => {
      this.logger.error(`Could not resume mail jobs: ${err.message}`);
      this.open = true;
      this.schedule();
    });
  }
}
