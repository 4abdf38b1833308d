import { FileStore } from '@tus/file-store';
import { constants, createReadStream, createWriteStream, mkdirSync } from 'node:fs';
import { access, rename, rm, stat, unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
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

  async ping(): Promise<void> {
    await access(this.dir, constants.R_OK | constants.W_OK);
  }

  read(key: string, range?: { start: number; end: number }): Readable {
    return createReadStream(this.path(key), range);
  }

  async write(key: string, source: Readable): Promise<number> {
    const target = this.path(key);
    const partial = `${target}.part`;
    try {
      await pipeline(source, createWriteStream(partial));
    } catch (err) {
      await unlink(partial).catch(() => undefined);
      throw err;
    }
    // Readers never see half a file: it appears under its key only once complete.
    await rename(partial, target);
    return (await stat(target)).size;
  }

  async size(key: string): Promise<number | null> {
    return stat(this.path(key)).then(
      (s) => s.size,
      () => null,
    );
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
