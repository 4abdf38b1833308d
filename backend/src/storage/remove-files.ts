import { Logger } from '@nestjs/common';
import type { ProjectStorage } from './project-storage';

export interface RemoveFilesResult {
  removed: number;
  /** Keys still there after every attempt (each logged with its reason). */
  failed: string[];
}

const logger = new Logger('ProjectStorage');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Removes stored files whose rows are already gone (an erasure, once committed): each key is
 * tried `attempts` times with a doubling pause, a few at a time; what still fails is logged with
 * its key so it can be removed by hand, and reported back. Never throws.
 */
export async function removeFiles(
  storage: ProjectStorage,
  keys: string[],
  { attempts = 4, firstDelayMs = 200, parallel = 4 } = {},
): Promise<RemoveFilesResult> {
  const failed: string[] = [];
  let removed = 0;
  const one = async (key: string) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await storage.remove(key);
        removed++;
        return;
      } catch (err) {
        if (attempt >= attempts) {
          failed.push(key);
          logger.error(
            `Could not remove stored file ${key} after ${attempts} attempts: ${(err as Error).message}`,
          );
          return;
        }
        await sleep(firstDelayMs * 2 ** (attempt - 1));
      }
    }
  };
  for (let i = 0; i < keys.length; i += parallel) await Promise.all(keys.slice(i, i + parallel).map(one));
  return { removed, failed };
}
