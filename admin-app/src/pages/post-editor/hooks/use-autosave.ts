import { useEffect, useRef, useState } from 'react';

/** Autosave runs at most this often (issue 4). */
export const AUTOSAVE_INTERVAL_MS = 30_000;

declare global {
  interface Window {
    /** Browser tests set this (page.addInitScript) to shorten the interval; nothing else does. */
    __studioAutosaveIntervalMs?: number;
  }
}

/** The interval to use in this page: 30 s, unless a browser test asked for a shorter one. */
export function autosaveInterval(): number {
  const override = typeof window === 'undefined' ? undefined : window.__studioAutosaveIntervalMs;
  return typeof override === 'number' && override > 0 ? override : AUTOSAVE_INTERVAL_MS;
}

/** How long to wait before the next autosave, counted from the later of the last save and the last try. */
export function autosaveDelay(
  lastSavedAt: number,
  lastAttemptAt: number,
  now: number,
  intervalMs: number,
): number {
  return Math.max(Math.max(lastSavedAt, lastAttemptAt) + intervalMs - now, 0);
}

interface Options {
  /** Whether there is something worth saving now (dirty, a draft, not already saving). */
  eligible: boolean;
  /** Saves quietly; resolves true when it saved. */
  save(): Promise<boolean>;
  /** When the post was last saved by any means (manual saves reset the clock too). */
  lastSavedAt: number;
  /** At most one save per this many milliseconds (default 30 s). */
  intervalMs?: number;
}

/**
 * Saves a draft in the background, never sooner than one interval after the previous save. A
 * save that could not run (invalid form, failure) is retried on the next tick.
 */
export function useAutosave({ eligible, save, lastSavedAt, intervalMs = AUTOSAVE_INTERVAL_MS }: Options): {
  autosaving: boolean;
} {
  const [autosaving, setAutosaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const lastAttemptAt = useRef(0);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    if (!eligible) return;
    const due = autosaveDelay(lastSavedAt, lastAttemptAt.current, Date.now(), intervalMs);
    const timer = window.setTimeout(async () => {
      lastAttemptAt.current = Date.now();
      setAutosaving(true);
      try {
        await saveRef.current();
      } finally {
        setAutosaving(false);
        // Whatever happened, wait a full interval before the next try.
        setAttempt((n) => n + 1);
      }
    }, due);
    return () => window.clearTimeout(timer);
  }, [eligible, lastSavedAt, attempt, intervalMs]);

  return { autosaving };
}
