/**
 * A circuit breaker in front of the SMTP server. When a send fails because the server cannot be
 * reached, the breaker opens: this worker's jobs wait at `whenClosed()` instead of trying, so a
 * long outage does not burn every queued job's attempts one after another. While open it probes
 * the server every `probeMs`; the first probe that gets through closes it and the worker drains
 * the backlog. Only the jobs in flight when the server went away spend an attempt.
 *
 * The jobs wait inside the worker rather than behind a local pause of the Bull queue: Bull 4's
 * local pause does not hold back a fetch already on its way (a job fetched then was tried at
 * once, spending an attempt while the breaker was open), and a job a finishing job fetches for
 * its slot would sit in `active` without its lock being renewed until the pause ends, to be
 * handed out again by the stalled-job check after 30 s. A job waiting here is active, its lock
 * renewed by Bull, and at most the worker's concurrency of them wait.
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
  /** Told when the breaker opens (after `whenClosed()` starts holding jobs). */
  onOpen?: () => Promise<void>;
  /** Told when it closes (after the held jobs were let go). */
  onClose?: () => Promise<void>;
}

export class SmtpBreaker {
  private readonly logger = new Logger('SmtpBreaker');
  private open = false;
  private stopped = false;
  private timer?: NodeJS.Timeout;
  /** While open: what `whenClosed()` hands out, settled when the breaker closes or stops. */
  private gate?: { closed: Promise<void>; release: () => void; abort: (err: Error) => void };
  /** How many times it has opened, for the dashboard and the benchmark. */
  opened = 0;

  constructor(
    private readonly hooks: BreakerHooks,
    private readonly probeMs: number,
  ) {}

  get isOpen(): boolean {
    return this.open;
  }

  /**
   * Resolves at once while the server is reachable, else once it is again; rejects when the
   * breaker is stopped while open (the worker shutting down during an outage), so a job waiting
   * here fails its attempt and is retried later instead of holding the shutdown up.
   */
  whenClosed(): Promise<void> {
    if (!this.open) return Promise.resolve();
    if (this.stopped || !this.gate) return Promise.reject(new Error('The mail worker is stopping'));
    return this.gate.closed;
  }

  async trip(reason: string): Promise<void> {
    if (this.open || this.stopped) return;
    this.open = true;
    this.opened++;
    let release!: () => void;
    let abort!: (err: Error) => void;
    const closed = new Promise<void>((resolve, reject) => ((release = resolve), (abort = reject)));
    closed.catch(() => undefined); // nobody may be waiting when it is stopped
    this.gate = { closed, release, abort };
    this.logger.warn(`SMTP unreachable (${reason}); holding mail jobs, probing every ${this.probeMs} ms`);
    try {
      await this.hooks.onOpen?.();
    } finally {
      this.schedule();
    }
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.gate?.abort(new Error('The mail worker is stopping while the SMTP server is unreachable'));
    this.gate = undefined;
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
    this.gate?.release();
    this.gate = undefined;
    await this.hooks.onClose?.().catch((err: Error) => this.logger.error(`After closing: ${err.message}`));
  }
}
