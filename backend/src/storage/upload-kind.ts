/**
 * Decides what an uploaded file is from its first bytes (magic numbers), never from its name or
 * the type the browser claims. Text files have no magic number: valid UTF-8 without NUL bytes.
 */
import type { UploadKind } from '@studio/shared';
import { fromBuffer } from 'file-type';

/** Bytes read from the start of a file to judge it. */
export const SNIFF_BYTES = 4100;

const BY_EXT: Record<string, UploadKind> = {
  wav: 'wav',
  aif: 'aiff',
  flac: 'flac',
  mp3: 'mp3',
  m4a: 'm4a',
  ogg: 'ogg',
  oga: 'ogg',
  opus: 'ogg',
  zip: 'zip',
  pdf: 'pdf',
};

export type Detected = { ok: true; kind: UploadKind } | { ok: false; detected: string };

export async function detectUploadKind(head: Buffer): Promise<Detected> {
  if (!head.length) return { ok: false, detected: 'empty' };
  const found = await fromBuffer(head);
  if (found) {
    const kind = BY_EXT[found.ext];
    return kind ? { ok: true, kind } : { ok: false, detected: `${found.ext.toUpperCase()} (${found.mime})` };
  }
  if (looksLikeText(head)) return { ok: true, kind: 'txt' };
  return { ok: false, detected: 'an unrecognised binary file' };
}

function looksLikeText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  // The sniffed slice may end inside a multi-byte character; ignore up to 3 trailing bytes.
  for (let cut = 0; cut <= 3 && cut < head.length; cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try a shorter slice
    }
  }
  return false;
}
