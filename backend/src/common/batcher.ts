/**
 * Coalesces many concurrent single-key calls into few batch calls ("natural batching"): the first
 * call starts a batch at once; calls made while that batch is in flight wait and go together in
 * the next one, up to `maxBatch` keys. Under light load every call is its own batch (no added
 * latency); under heavy load one round trip serves hundreds of callers.
 *
 * Guarantees:
 * - every caller's promise settles exactly once, with its own key's result (`undefined` when the
 *   batch returned none for it) or with the batch's error;
 * - at most one batch is in flight, so a burst never opens more than one connection;
 * - a key asked for twice in one batch is sent once, and both callers get the answer.
 */
export class Batcher<K, R> {
  private waiting = new Map<K, { resolve: (r: R | undefined) => void; reject: (e: unknown) => void }[]>();
  private inFlight = false;

  constructor(
    private readonly runBatch: (keys: K[]) => Promise<Map<K, R> | void>,
    private readonly maxBatch = 500,
  ) {}

  call(key: K): Promise<R | undefined> {
    return new Promise((resolve, reject) => {
      const callers = this.waiting.get(key);
      if (callers) callers.push({ resolve, reject });
      else this.waiting.set(key, [{ resolve, reject }]);
      this.next();
    });
  }

  private next(): void {
    if (this.inFlight || this.waiting.size === 0) return;
    const batch = new Map<K, { resolve: (r: R | undefined) => void; reject: (e: unknown) => void }[]>();
    for (const [key, callers] of this.waiting) {
      if (batch.size >= this.maxBatch) break;
      batch.set(key, callers);
    }
    for (const key of batch.keys()) this.waiting.delete(key);
    this.inFlight = true;
    let run: Promise<Map<K, R> | void>;
    try {
      run = this.runBatch([...batch.keys()]);
    } catch (err) {
      run = Promise.reject(err);
    }
    run
      .then(
        (results) => {
          for (const [key, callers] of batch) for (const c of callers) c.resolve(results?.get(key));
        },
        (err: unknown) => {
          for (const callers of batch.values()) for (const c of callers) c.reject(err);
        },
      )
      .finally(() => {
        this.inFlight = false;
        this.next();
      });
  }
}
