import { FileStore } from '@tus/file-store';
import { createReadStream, mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { ProjectStorage, STORAGE_KEY } from './project-storage';

/** Files on local disk (the default): `<dir>/<id>` plus tus's `<id>.json` with the upload's state. */
export class LocalProjectStorage implements ProjectStorage {
  readonly tusStore: FileStore;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    this.tusStore = new FileStore({ directory: dir });
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(key), range);
  }

  localPath(key: string): string {
    return this.path(key);
  }

  async remove(key: string): Promise<void> {
    const path = this.path(key);
    await rm(path, { force: true });
    await rm(`${path}.json`, { force: true });
  }

  private path(key: string): string {
    return join(this.dir, this.check(key));
  }

  private check(key: string): string {
    if (!STORAGE_KEY.test(key)) throw new Error(`Not a storage key: ${key}`);
    return key;
  }
}
