/**
 * A short-lived in-process cache for the public blog reads (list pages, posts by slug,
 * categories, tags, sitemap, feed), which every visitor and crawler hits with the same
 * questions. It holds two kinds of entries: loaded data (`get`), and finished HTTP responses
 * (`response` / `storeResponse`) that BlogResponseCache replays. What keeps both correct:
 *
 * - every write to the blog calls `invalidate()`, which clears this process's entries and
 *   publishes on a Redis channel so every other API process clears its own;
 * - an entry lives at most TTL_MS, a bound on staleness should a message be missed or an
 *   author's profile change elsewhere (a response built from data near the end of its life
 *   can add one more TTL);
 * - nothing cached is served past the publish time of the next scheduled post (the horizon),
 *   so a scheduled post appears on time;
 * - a response is stored only if no clear happened since its request began (`generation`).
 *
 * Concurrent misses for one key share a single load.
 */
import { Inject, Injectable, Logger, OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import Redis from 'ioredis';
import { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { REDIS } from '../redis/redis.module';
import { PostsRepository } from './posts/posts.repository';

const TTL_MS = 20_000;
const MAX_ENTRIES = 1000;
/** Per kind of entry; many distinct questions (paging deep, odd searches) cannot grow it past this. */
const MAX_BYTES = 32 * 1024 * 1024;
/** What an entry is assumed to weigh when its loader does not say. */
const DEFAULT_SIZE = 4 * 1024;

interface Entry {
  value: Promise<unknown>;
  expiresAt: number;
  size: number;
}

export interface CachedResponse {
  /** Every header of the original response, content-length included. */
  headers: Record<string, string | number | string[]>;
  /** The same headers as name, value pairs (an array value repeats its name), for writeHead. */
  wire: string[];
  body: Buffer;
  expiresAt: number;
  size: number;
}

@Injectable()
export class BlogCache implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger(BlogCache.name);
  private readonly entries = new Map<string, Entry>();
  private readonly responses = new Map<string, CachedResponse>();
  private entryBytes = 0;
  private responseBytes = 0;
  /** ms epoch of the next scheduled post; null: none; undefined: not known yet. */
  private horizon: number | null | undefined;
  private horizonLoad: Promise<void> | null = null;
  /** Bumped by every clear: a load or response that raced a write is not kept. */
  private gen = 0;
  private subscriber: Redis | null = null;
  private readonly channel: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly posts: PostsRepository,
  ) {
    this.channel = `${config.redis.prefix}:blog-cache:invalidate`;
  }

  get generation(): number {
    return this.gen;
  }

  onModuleInit(): void {
    this.subscriber = this.redis.duplicate({ keyPrefix: '' });
    this.subscriber.on('error', (err: Error) =>
      this.logger.warn(`Cache invalidation channel: ${err.message}`),
    );
    this.subscriber.on('message', () => this.clear());
    // After a reconnect, messages sent while away are lost: start clean.
    this.subscriber.on('ready', () => this.clear());
    void this.subscriber.subscribe(this.channel).catch((err: Error) => this.logger.warn(err.message));
  }

  async onApplicationShutdown(): Promise<void> {
    await this.subscriber?.quit().catch(() => this.subscriber?.disconnect());
  }

  /** `sizeOf` tells the memory budget what a loaded value weighs (bytes, roughly). */
  async get<T>(key: string, load: () => Promise<T>, sizeOf?: (value: T) => number): Promise<T> {
    const now = this.checkHorizon();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
    if (hit) this.dropEntry(key);
    if (this.horizon === undefined) {
      await this.loadHorizon();
      // Another caller may have started this load while we waited.
      const started = this.entries.get(key);
      if (started && started.expiresAt > now) return started.value as Promise<T>;
    }
    const entry: Entry = { value: load(), expiresAt: now + TTL_MS, size: DEFAULT_SIZE };
    this.entries.set(key, entry);
    this.entryBytes += entry.size;
    entry.value.then(
      (value) => {
        if (this.entries.get(key) !== entry || !sizeOf) return;
        const size = sizeOf(value as T);
        this.entryBytes += size - entry.size;
        entry.size = size;
        this.trimEntries();
      },
      () => {
        if (this.entries.get(key) === entry) this.dropEntry(key);
      },
    );
    this.trimEntries();
    return entry.value as Promise<T>;
  }

  /** A finished response for this URL, if one is fresh. */
  response(url: string): CachedResponse | undefined {
    const now = this.checkHorizon();
    const hit = this.responses.get(url);
    if (!hit) return undefined;
    if (hit.expiresAt > now) return hit;
    this.dropResponse(url);
    return undefined;
  }

  /** Keeps a finished response, unless the cache was cleared since `generation` was read. */
  storeResponse(url: string, generation: number, headers: CachedResponse['headers'], body: Buffer): void {
    if (generation !== this.gen || this.horizon === undefined) return;
    this.dropResponse(url);
    const size = body.length + 1024;
    const wire: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      for (const one of Array.isArray(value) ? value : [value]) wire.push(name, String(one));
    }
    this.responses.set(url, { headers, wire, body, expiresAt: Date.now() + TTL_MS, size });
    this.responseBytes += size;
    // Oldest first: Map keeps insertion order.
    while (this.responses.size > MAX_ENTRIES || this.responseBytes > MAX_BYTES) {
      this.dropResponse(this.responses.keys().next().value as string);
    }
  }

  /** Call after any write that changes what the public blog shows. */
  invalidate(): void {
    this.clear();
    this.redis
      .publish(this.channel, String(process.pid))
      .catch((err: Error) => this.logger.warn(err.message));
  }

  private checkHorizon(): number {
    const now = Date.now();
    if (typeof this.horizon === 'number' && now >= this.horizon) this.clear();
    return now;
  }

  private clear(): void {
    this.gen++;
    this.entries.clear();
    this.responses.clear();
    this.entryBytes = 0;
    this.responseBytes = 0;
    this.horizon = undefined;
  }

  private trimEntries(): void {
    while (this.entries.size > MAX_ENTRIES || this.entryBytes > MAX_BYTES) {
      this.dropEntry(this.entries.keys().next().value as string);
    }
  }

  private dropEntry(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.entryBytes -= entry.size;
  }

  private dropResponse(url: string): void {
    const hit = this.responses.get(url);
    if (!hit) return;
    this.responses.delete(url);
    this.responseBytes -= hit.size;
  }

  private loadHorizon(): Promise<void> {
    const generation = this.gen;
    this.horizonLoad ??= this.posts
      .nextScheduledAt()
      .then((next) => {
        if (generation !== this.gen) return;
        // Database and app clocks may differ slightly: never a horizon already behind us.
        this.horizon = next ? Math.max(next.getTime(), Date.now() + 1000) : null;
      })
      .finally(() => {
        this.horizonLoad = null;
      });
    return this.horizonLoad;
  }
}
