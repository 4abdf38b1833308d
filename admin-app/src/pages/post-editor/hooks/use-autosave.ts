import { useEffect, useRef, useState } from 'react';

/** Autosave runs at most this often (issue 4). */
export const AUTOSAVE_INTERVAL_MS = 30_000;

interface Options {
  /** Whether there is something worth saving now (dirty, a draft, not already saving). */
  eligible: boolean;
  /** Saves quietly; resolves true when it saved. */
  save(): Promise<boolean>;
  /** When the post was last saved by any means (manual saves reset the clock too). */
  lastSavedAt: number;
}

/**
 * Saves a draft in the background, never sooner than 30 s after the previous save. A save
 * that could not run (invalid form, failure) is retried on the next 30 s tick.
 */
export function useAutosave({ eligible, save, lastSavedAt }: Options): { autosaving: boolean } {
  const [autosaving, setAutosaving] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const lastAttemptAt = useRef(0);
  const saveRef = useRef(save);
  saveRef.current = save;

  useEffect(() => {
    if (!eligible) return;
    const since = Math.max(lastSavedAt, lastAttemptAt.current);
    const due = Math.max(since + AUTOSAVE_INTERVAL_MS - Date.now(), 0);
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
  }, [eligible, lastSavedAt, attempt]);

  return { autosaving };
}
