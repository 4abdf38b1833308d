/**
 * Coalesces many concurrent single-key calls into few batch calls ("natural batching"): the first
 * call starts a batch at once; calls made while that batch is in flight wait and go together in
 * the next one, up to `maxBatch` keys. Under light load every call is its own batch (no added
 * latency); under heavy load one round trip serves hundreds of callers.
 *
 * Guarantees:
 * - every caller's promise settles exactly once, with its own key's result (`undefined` when the
 *   batch returned none for it) or with the batch's error;
 * - at most `maxInFlight` batches are in flight (one unless asked), so a burst never holds more
 *   than that many connections;
 * - a key asked for twice in one batch is sent once, and both callers get the answer;
 * - with `spacingMs`, batches start at least that far apart: the first call after a quiet spell
 *   still goes at once, and under a steady stream of calls (jobs picked up one by one, none of
 *   them waiting on another) each batch gathers what arrived during the spacing instead of
 *   leaving with one or two keys. A full batch never waits.
 */
export class Batcher<K, R> {
  private waiting = new Map<K, { resolve: (r: R | undefined) => void; reject: (e: unknown) => void }[]>();
  private inFlight = 0;
  private lastStart = -Infinity;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly runBatch: (keys: K[]) => Promise<Map<K, R> | void>,
    private readonly maxBatch = 500,
    private readonly maxInFlight = 1,
    private readonly spacingMs = 0,
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
    if (this.inFlight >= this.maxInFlight || this.waiting.size === 0) return;
    const wait = this.lastStart + this.spacingMs - Date.now();
    if (wait > 0 && this.waiting.size < this.maxBatch) {
      this.timer ??= setTimeout(() => {
        this.timer = undefined;
        this.next();
      }, wait);
      return;
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    this.lastStart = Date.now();
    const batch = new Map<K, { resolve: (r: R | undefined) => void; reject: (e: unknown) => void }[]>();
    for (const [key, callers] of this.waiting) {
      if (batch.size >= this.maxBatch) break;
      batch.set(key, callers);
    }
    for (const key of batch.keys()) this.waiting.delete(key);
    this.inFlight += 1;
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
        this.inFlight -= 1;
        this.next();
      });
  }
}
