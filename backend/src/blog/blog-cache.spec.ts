import type Redis from 'ioredis';
import type { AppConfig } from '../config/app-config';
import { BlogCache } from './blog-cache';
import type { PostsRepository } from './posts/posts.repository';

function makeCache(nextScheduled: Date | null = null) {
  const redis = { publish: jest.fn().mockResolvedValue(1) } as unknown as Redis;
  const db = { nextScheduledAt: jest.fn().mockResolvedValue(nextScheduled) } as unknown as PostsRepository;
  const cache = new BlogCache(redis, { redis: { prefix: 'p' } } as AppConfig, db);
  return { cache, redis, db };
}

describe('BlogCache', () => {
  afterEach(() => jest.useRealTimers());

  it('loads once per key and shares concurrent loads', async () => {
    const { cache } = makeCache();
    const load = jest.fn().mockResolvedValue('v');
    const [a, b] = await Promise.all([cache.get('k', load), cache.get('k', load)]);
    expect([a, b, await cache.get('k', load)]).toEqual(['v', 'v', 'v']);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('clears everything on invalidate and tells the other processes', async () => {
    const { cache, redis } = makeCache();
    const load = jest.fn().mockResolvedValueOnce('old').mockResolvedValueOnce('new');
    await cache.get('k', load);
    const generation = cache.generation;
    cache.storeResponse('/api/blog/tags', generation, {}, Buffer.from('x'));
    expect(cache.response('/api/blog/tags')?.body.toString()).toBe('x');
    cache.invalidate();
    expect(redis.publish).toHaveBeenCalledWith('p:blog-cache:invalidate', expect.any(String));
    expect(cache.response('/api/blog/tags')).toBeUndefined();
    expect(await cache.get('k', load)).toBe('new');
  });

  it('does not keep a response whose request began before a write', async () => {
    const { cache } = makeCache();
    await cache.get('k', async () => 'v');
    const started = cache.generation;
    cache.invalidate();
    await cache.get('k', async () => 'v');
    cache.storeResponse('/api/blog/posts', started, {}, Buffer.from('stale'));
    expect(cache.response('/api/blog/posts')).toBeUndefined();
  });

  it('forgets a failed load so the next call tries again', async () => {
    const { cache } = makeCache();
    await expect(cache.get('k', () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    await new Promise((r) => setImmediate(r));
    expect(await cache.get('k', async () => 'ok')).toBe('ok');
  });

  it('expires entries after the TTL and at the publish time of the next scheduled post', async () => {
    jest.useFakeTimers({ now: new Date('2025-01-01T00:00:00Z') });
    const { cache } = makeCache(new Date('2025-01-01T00:00:05Z'));
    const load = jest.fn().mockResolvedValue('v');
    await cache.get('k', load);
    jest.setSystemTime(new Date('2025-01-01T00:00:04Z'));
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(1);
    jest.setSystemTime(new Date('2025-01-01T00:00:05Z'));
    await cache.get('k', load);
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('stays within its memory budget, dropping the oldest first', async () => {
    const { cache } = makeCache();
    await cache.get('warm', async () => 'v');
    const big = Buffer.alloc(20 * 1024 * 1024);
    cache.storeResponse('/a', cache.generation, {}, big);
    cache.storeResponse('/b', cache.generation, {}, big);
    expect(cache.response('/a')).toBeUndefined();
    expect(cache.response('/b')).toBeDefined();
  });
});
