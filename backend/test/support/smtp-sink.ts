/**
 * A real SMTP server for tests: records every message it accepts, parsed, and can be stopped
 * and started again on the same port to play an outage.
 */
import { AddressInfo } from 'node:net';
import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** Envelope recipients (RCPT TO), lower-cased. */
  to: string[];
  from: string;
  raw: string;
  parsed: ParsedMail;
  /** Header lookup by lower-case name, e.g. header('list-unsubscribe'). */
  header(name: string): string | undefined;
}

export class SmtpSink {
  readonly mails: ReceivedMail[] = [];
  /** How long the server takes to accept each message (a slow server, for shutdown tests). */
  acceptDelayMs = 0;
  /** Recipients the server refuses permanently (550), to test bounces. */
  readonly rejectRecipients = new Set<string>();
  /** Recipients the server refuses for now (451), by how many more times, to test retries. */
  readonly deferRecipients = new Map<string, number>();
  private server?: SMTPServer;
  private pending = new Set<Promise<void>>();

  private constructor(public port: number) {}

  /** Starts a sink on `port` (0: any free port). */
  static async start(port = 0): Promise<SmtpSink> {
    const sink = new SmtpSink(port);
    await sink.listen();
    return sink;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  get running(): boolean {
    return this.server !== undefined;
  }

  async listen(): Promise<void> {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      // On stop, connections still open are told 421 and closed almost at once.
      closeTimeout: 50,
      onRcptTo: (address, _session, callback) => {
        if (this.rejectRecipients.has(address.address.toLowerCase())) {
          const err = Object.assign(new Error('No such mailbox here'), { responseCode: 550 });
          return callback(err);
        }
        const deferrals = this.deferRecipients.get(address.address.toLowerCase()) ?? 0;
        if (deferrals > 0) {
          this.deferRecipients.set(address.address.toLowerCase(), deferrals - 1);
          const err = Object.assign(new Error('Try again later'), { responseCode: 451 });
          return callback(err);
        }
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const to = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
          const job = simpleParser(raw).then((parsed) => {
            this.mails.push({ to, from, raw, parsed, header: (name) => headerText(parsed, name) });
          });
          this.pending.add(job);
          void job.finally(() => this.pending.delete(job));
          if (this.acceptDelayMs) setTimeout(() => callback(), this.acceptDelayMs);
          else callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops accepting mail: new connections are refused, open ones are closed. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  clear(): void {
    this.mails.length = 0;
  }

  /** Mails to `address` (envelope recipient). */
  to(address: string): ReceivedMail[] {
    return this.mails.filter((m) => m.to.includes(address.toLowerCase()));
  }

  /** Waits until `predicate` holds for the received mails, then returns them. */
  async waitFor(
    predicate: (mails: ReceivedMail[]) => boolean,
    timeoutMs = 15_000,
    what = 'mail',
  ): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      await Promise.all([...this.pending]);
      if (predicate(this.mails)) return this.mails;
      if (Date.now() > deadline) {
        const seen = this.mails.map((m) => `${m.to.join(',')}: ${m.parsed.subject}`).join('\n  ');
        throw new Error(`Timed out waiting for ${what}; received ${this.mails.length}:\n  ${seen}`);
      }
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** Waits for at least `count` mails to `address` and returns them. */
  waitForMailsTo(address: string, count = 1, timeoutMs?: number): Promise<ReceivedMail[]> {
    return this.waitFor(
      (m) => m.filter((x) => x.to.includes(address.toLowerCase())).length >= count,
      timeoutMs,
      `${count} mail(s) to ${address}`,
    ).then(() => this.to(address));
  }
}

function headerText(parsed: ParsedMail, name: string): string | undefined {
  const line = parsed.headerLines.find((h) => h.key === name.toLowerCase());
  if (!line) return undefined;
  // headerLines keep the raw "Name: value" with folding; unfold and drop the name.
  return line.line
    .slice(line.line.indexOf(':') + 1)
    .replace(/\r?\n[ \t]+/g, ' ')
    .trim();
}
