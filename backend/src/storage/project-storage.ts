/**
 * Where clients' project files live. Uploads arrive through the tus data store; jobs read them
 * back as streams, so a file is never held in memory whole. One interface, chosen by STORAGE_URL:
 * local disk (local-project-storage.ts) or an S3-compatible bucket (s3-project-storage.ts).
 */
import type { DataStore } from '@tus/utils';
import type { Readable } from 'node:stream';

export const PROJECT_STORAGE = Symbol('PROJECT_STORAGE');

/** Storage keys are our own ids (the tus upload id), never a client's file name. */
export const STORAGE_KEY = /^[A-Za-z0-9_-]{8,64}$/;

export interface ProjectStorage {
  /** Receives tus uploads (create, append at an offset, report the stored offset). */
  readonly tusStore: DataStore;
  /** Streams a stored file, or its bytes `start`..`end` (inclusive). */
  read(key: string, range?: { start: number; end: number }): Readable;
  /** A path on this machine when the store is local disk (tools like ffmpeg seek in it); else null. */
  localPath(key: string): string | null;
  /** Stores a whole file from a stream (staff uploads, previews); resolves to its size in bytes. */
  write(key: string, source: Readable): Promise<number>;
  /** The stored size of a file in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** Deletes a file and what the store keeps about it; a file already gone is not an error. */
  remove(key: string): Promise<void>;
  /** Resolves when the store is reachable and writable (readiness checks); rejects saying why. */
  ping(): Promise<void>;
}
