/**
 * Decides what an uploaded file is from its first bytes (magic numbers), never from its name or
 * the type the browser claims. Text files have no magic number: valid UTF-8 without NUL bytes.
 *
 * Whatever reads the file afterwards is told that format (AUDIO_READERS) instead of guessing
 * again from the content: left to guess, ffmpeg skips an ID3 tag and may find an ffconcat script
 * or a playlist behind it, which makes it read other files.
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

export type AudioKind = Extract<UploadKind, 'wav' | 'aiff' | 'flac' | 'mp3' | 'm4a' | 'ogg'>;

/** For each audio kind: ffmpeg's demuxer (`-f`) and the MIME type that picks music-metadata's parser. */
export const AUDIO_READERS: Record<AudioKind, { demuxer: string; mimeType: string }> = {
  wav: { demuxer: 'wav', mimeType: 'audio/wav' },
  aiff: { demuxer: 'aiff', mimeType: 'audio/aiff' },
  flac: { demuxer: 'flac', mimeType: 'audio/flac' },
  mp3: { demuxer: 'mp3', mimeType: 'audio/mpeg' },
  m4a: { demuxer: 'mp4', mimeType: 'audio/mp4' },
  ogg: { demuxer: 'ogg', mimeType: 'audio/ogg' },
};

export const isAudioKind = (kind: UploadKind): kind is AudioKind => kind in AUDIO_READERS;

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
