// The SMTP server the mail benchmarks send to. Lives in lib/ so `npm run bench` does not list it
// as a benchmark.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../../lib.mjs';

const { SMTPServer } = createRequire(join(ROOT, 'backend', 'package.json'))('smtp-server');

/**
 * Counts every accepted message by Message-ID and notes when its first copy arrived; can stop
 * and start on one port.
 */
export class Sink {
  received = 0;
  ids = new Map(); // Message-ID -> copies
  firstSeen = new Map(); // Message-ID -> Date.now() when the first copy arrived
  server = null;
  port = 0;

  async start() {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      disableReverseLookup: true,
      closeTimeout: 50,
      maxClients: 100,
      onData: (stream, _session, callback) => {
        let head = '';
        stream.on('data', (chunk) => {
          if (head.length < 8192) head += chunk.toString('latin1');
        });
        stream.on('end', () => {
          const id = /^message-id:\s*(<[^>]+>)/im.exec(head)?.[1] ?? `<missing-${this.received}>`;
          this.received++;
          this.ids.set(id, (this.ids.get(id) ?? 0) + 1);
          if (!this.firstSeen.has(id)) this.firstSeen.set(id, Date.now());
          callback();
        });
      },
    });
    await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', resolve);
    });
    this.port = server.server.address().port;
    this.server = server;
  }

  async stop() {
    const server = this.server;
    this.server = null;
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  /** `{ copies, first }` for a Message-ID (with its angle brackets), or undefined if none arrived. */
  seen(messageId) {
    const copies = this.ids.get(messageId);
    return copies ? { copies, first: this.firstSeen.get(messageId) } : undefined;
  }

  countFor(prefix) {
    let unique = 0;
    let copies = 0;
    for (const [id, n] of this.ids) {
      if (!id.startsWith(`<${prefix}`)) continue;
      unique++;
      copies += n;
    }
    return { unique, duplicated: copies - unique };
  }
}
