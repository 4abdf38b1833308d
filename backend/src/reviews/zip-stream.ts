/**
 * A ZIP built as it is sent, for downloads of many stored files at once.
 *
 * Guarantees:
 * - Nothing is written to a temporary file and no file is held in memory: each entry is opened
 *   only when the ZIP reaches it (one storage read at a time, also on S3) and streamed through.
 * - Entries are stored, not compressed: audio is already compressed or compresses badly, so the
 *   ZIP streams at disk speed (checksums by Node's native CRC-32, see below). ZIP64 is written
 *   when needed, so any size works.
 * - Names that clash (ignoring case) get " (2)", " (3)", … before the extension, so none is lost.
 */
import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import * as zlib from 'node:zlib';
import { ZipFile } from 'yazl';

/**
 * yazl checksums every byte with buffer-crc32, a table in JavaScript (about 70 MB/s here): that
 * alone held a ZIP download to under half the disk's speed. Node's own zlib.crc32 (native, GB/s)
 * gives the same numbers, so yazl's copy of buffer-crc32 is pointed at it when Node has it.
 */
type Crc32 = (input: Buffer | string, previous?: number | Buffer) => number;
const nativeCrc32 = (zlib as unknown as { crc32?: (data: Buffer | string, value?: number) => number }).crc32;
const yazlCrc32 = createRequire(require.resolve('yazl'))('buffer-crc32') as { unsigned: Crc32 };
if (nativeCrc32) {
  const js = yazlCrc32.unsigned;
  yazlCrc32.unsigned = (input, previous) =>
    previous === undefined || typeof previous === 'number'
      ? nativeCrc32(input, previous ?? 0)
      : js(input, previous);
}

export interface ZipEntry {
  name: string;
  size: number;
  open: () => Readable;
}

/** `names` made unique, case-insensitively, in order. */
export function uniqueNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((original) => {
    let name = original;
    for (let n = 2; used.has(name.toLowerCase()); n++) name = original.replace(/(\.[^.]*)?$/, ` (${n})$1`);
    used.add(name.toLowerCase());
    return name;
  });
}

export function zipStream(entries: ZipEntry[]): Readable {
  const zip = new ZipFile();
  const out = zip.outputStream as Readable;
  const names = uniqueNames(entries.map((e) => e.name));
  let current: Readable | null = null;
  entries.forEach((entry, i) => {
    zip.addReadStreamLazy(names[i], { compress: false, size: entry.size }, (done) => {
      try {
        current = entry.open();
      } catch (err) {
        done(err, null as unknown as Readable);
        return;
      }
      // yazl pipes the file into the ZIP without listening for its errors: a storage read that
      // fails ends the response with that error instead of leaving it hanging.
      current.once('error', (err) => out.destroy(err));
      done(null, current);
    });
  });
  zip.end();
  zip.on('error', (err: Error) => out.destroy(err));
  // A download stopped half way closes the storage read in progress too.
  out.once('close', () => current?.destroy());
  return out;
}
