/**
 * tus's upload lock, held in Redis so it holds across app instances: two tabs (or a retry that
 * lands on another instance) never write one upload at once. As with tus's in-memory locker, a
 * newcomer asks the holder to let go (a dropped connection must not block its own resume): the
 * request travels on a pub/sub channel to whichever instance holds the lock.
 */
import { ERRORS, Lock, Locker, RequestRelease } from '@tus/utils';
import type Redis from 'ioredis';
import { randomBytes } from 'node:crypto';

const LOCK_TTL_MS = 30_000;
const RETRY_MS = 50;

const UNLOCK = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end`;
const RENEW = `if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('pexpire', KEYS[1], ARGV[2]) else return 0 end`;

export class RedisLocker implements Locker {
  /** Locks this instance holds: upload id -> how to ask its request to stop. */
  readonly held = new Map<string, RequestRelease>();
  private ready: Promise<unknown>;

  constructor(
    readonly redis: Redis,
    private readonly subscriber: Redis,
    readonly channel: string,
    readonly acquireTimeoutMs = 30_000,
  ) {
    this.ready = subscriber.subscribe(channel);
    subscriber.on('message', (ch: string, id: string) => {
      if (ch === channel) void this.held.get(id)?.();
    });
  }

  newLock(id: string): Lock {
    return new RedisLock(id, this);
  }

  async whenReady(): Promise<void> {
    await this.ready;
  }
}

class RedisLock implements Lock {
  private readonly token = randomBytes(16).toString('hex');
  private renewTimer?: NodeJS.Timeout;

  constructor(
    private readonly id: string,
    private readonly locker: RedisLocker,
  ) {}

  private get key() {
    return `tus-lock:${this.id}`;
  }

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    let asked = false;
    while (!signal.aborted && Date.now() < deadline) {
      const ok = await this.locker.redis.set(this.key, this.token, 'PX', LOCK_TTL_MS, 'NX');
      if (ok === 'OK') {
        this.locker.held.set(this.id, requestRelease);
        this.renewTimer = setInterval(() => {
          void this.locker.redis.eval(RENEW, 1, this.key, this.token, LOCK_TTL_MS).catch(() => undefined);
        }, LOCK_TTL_MS / 3);
        this.renewTimer.unref();
        return;
      }
      if (!asked) {
        // Ask the holder, wherever it runs, to finish its request and let go.
        await this.locker.redis.publish(this.locker.channel, this.id);
        asked = true;
      }
      await new Promise((r) => setTimeout(r, RETRY_MS));
    }
    throw ERRORS.ERR_LOCK_TIMEOUT;
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewTimer);
    this.locker.held.delete(this.id);
    await this.locker.redis.eval(UNLOCK, 1, this.key, this.token);
  }
}
