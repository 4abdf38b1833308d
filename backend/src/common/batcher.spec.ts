import { Batcher } from './batcher';

const tick = () => new Promise((r) => setImmediate(r));

describe('Batcher', () => {
  it('runs the first call at once and gathers the calls made meanwhile into the next batch', async () => {
    const batches: number[][] = [];
    let release!: () => void;
    const batcher = new Batcher<number, string>(async (keys) => {
      batches.push(keys);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return new Map(keys.map((k) => [k, `v${k}`]));
    });
    const first = batcher.call(1);
    const rest = [2, 3, 4].map((k) => batcher.call(k));
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await first).toBe('v1');
    expect(await Promise.all(rest)).toEqual(['v2', 'v3', 'v4']);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('caps a batch at maxBatch keys and asks for a repeated key once', async () => {
    const batches: string[][] = [];
    let release!: () => void;
    const batcher = new Batcher<string, number>(async (keys) => {
      batches.push(keys);
      if (batches.length === 1) await new Promise<void>((r) => (release = r));
      return new Map(keys.map((k) => [k, k.length]));
    }, 2);
    const calls = ['a', 'bb', 'bb', 'ccc', 'dddd'].map((k) => batcher.call(k));
    await tick();
    release();
    expect(await Promise.all(calls)).toEqual([1, 2, 2, 3, 4]);
    expect(batches).toEqual([['a'], ['bb', 'ccc'], ['dddd']]);
  });

  it('gives every caller of a failed batch its error, and goes on with the next batch', async () => {
    let fail = true;
    const batcher = new Batcher<number, number>(async (keys) => {
      if (fail) {
        fail = false;
        throw new Error('database away');
      }
      return new Map(keys.map((k) => [k, k * 2]));
    });
    const failed = batcher.call(1);
    const later = batcher.call(2);
    await expect(failed).rejects.toThrow('database away');
    expect(await later).toBe(4);
  });

  it('answers undefined for a key the batch returned nothing for', async () => {
    const batcher = new Batcher<number, number>(async () => new Map());
    expect(await batcher.call(7)).toBeUndefined();
  });

  it('runs up to maxInFlight batches at once', async () => {
    const started: number[][] = [];
    const releases: (() => void)[] = [];
    const batcher = new Batcher<number, number>(
      async (keys) => {
        started.push(keys);
        await new Promise<void>((r) => releases.push(r));
        return new Map(keys.map((k) => [k, k]));
      },
      500,
      2,
    );
    const calls = [1, 2, 3, 4].map((k) => batcher.call(k));
    await tick();
    expect(started).toEqual([[1], [2]]);
    releases.shift()!();
    await tick();
    expect(started).toEqual([[1], [2], [3, 4]]);
    while (releases.length) releases.shift()!();
    expect(await Promise.all(calls)).toEqual([1, 2, 3, 4]);
  });

  describe('with spacingMs', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    const echo = (batches: number[][]) => async (keys: number[]) => {
      batches.push(keys);
      return new Map(keys.map((k) => [k, k]));
    };

    it('sends the first call at once and gathers what arrives during the spacing into the next batch', async () => {
      const batches: number[][] = [];
      const batcher = new Batcher<number, number>(echo(batches), 500, 4, 10);
      const first = batcher.call(1);
      expect(batches).toEqual([[1]]);
      expect(await first).toBe(1);
      // The first batch is done, and three slots are free: the next calls still wait their turn.
      const rest = [2, 3, 4].map((k) => batcher.call(k));
      await jest.advanceTimersByTimeAsync(9);
      expect(batches).toEqual([[1]]);
      await jest.advanceTimersByTimeAsync(1);
      expect(batches).toEqual([[1], [2, 3, 4]]);
      expect(await Promise.all(rest)).toEqual([2, 3, 4]);
      // After a quiet spell a call goes at once again.
      await jest.advanceTimersByTimeAsync(50);
      void batcher.call(5);
      expect(batches).toEqual([[1], [2, 3, 4], [5]]);
    });

    it('does not hold back a full batch', async () => {
      const batches: number[][] = [];
      const batcher = new Batcher<number, number>(echo(batches), 2, 4, 10);
      const calls = [1, 2, 3, 4, 5].map((k) => batcher.call(k));
      expect(batches).toEqual([[1], [2, 3], [4, 5]]);
      expect(await Promise.all(calls)).toEqual([1, 2, 3, 4, 5]);
    });
  });
});
