/**
 * What the studio wants to know about a stem before work starts: format, sample rate, bit depth,
 * channels, duration (music-metadata), loudest and mean level (ffmpeg's volumedetect, spawned
 * with an argument array), and a SHA-256. Every reader streams; nothing holds the file whole.
 *
 * Both readers are held to the format the upload's first bytes showed (AUDIO_READERS): the
 * matching music-metadata parser and ffmpeg demuxer, nothing guessed from the content again,
 * and ffmpeg may open no other file or URL. A file whose header describes no audio stream (a
 * WAV without its `fmt ` chunk, say) or that ffmpeg cannot decode as that format is unreadable.
 */
import { LOSSY_KINDS, PROBE_WARNINGS, ProbeResult, UploadKind } from '@studio/shared';
import { AUDIO_READERS, AudioKind } from '../storage/upload-kind';
import { parseStream } from 'music-metadata';
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** A peak at or below this level is silence (dBFS). */
export const SILENCE_DB = -80;

export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(stream, hash);
  return hash.digest('hex');
}

/** The stream's format, read by the parser of `kind`; null when it describes no audio stream. */
export async function readMetadata(
  stream: Readable,
  size: number,
  kind: AudioKind,
): Promise<ProbeResult | null> {
  try {
    const { mimeType } = AUDIO_READERS[kind];
    const { format } = await parseStream(stream, { size, mimeType }, { duration: true, skipCovers: true });
    if (!format.sampleRate || !format.numberOfChannels) return null;
    return {
      format: format.container,
      codec: format.codec,
      sampleRate: format.sampleRate,
      bitDepth: format.bitsPerSample,
      channels: format.numberOfChannels,
      durationSec: format.duration === undefined ? undefined : Math.round(format.duration * 1000) / 1000,
      lossless: format.lossless,
    };
  } finally {
    stream.destroy();
  }
}

/** ffmpeg's input options that read `source` as `kind` and nothing else. */
export function pinnedInput(kind: AudioKind, source: string): string[] {
  const protocol = source === 'pipe:0' ? 'pipe' : 'file';
  return ['-f', AUDIO_READERS[kind].demuxer, '-protocol_whitelist', protocol, '-i', source];
}

export type Levels = { peakDb: number; meanDb: number };

/**
 * Loudest and mean level from ffmpeg. Reads `input` (a local path) or, when there is none, the
 * stream on stdin, as `kind`. 'undecodable' when ffmpeg cannot decode it as that; null when
 * ffmpeg cannot be run at all.
 */
export function measureLevels(
  ffmpegPath: string,
  input: { path: string } | { stream: Readable },
  kind: AudioKind,
): Promise<Levels | 'undecodable' | null> {
  const source = 'path' in input ? input.path : 'pipe:0';
  const args = [
    '-hide_banner',
    '-nostats',
    '-nostdin',
    ...pinnedInput(kind, source),
    '-map',
    '0:a:0',
    '-af',
    'volumedetect',
    '-f',
    'null',
    '-',
  ];
  if (!('path' in input)) args.splice(args.indexOf('-nostdin'), 1);
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, args, { stdio: ['path' in input ? 'ignore' : 'pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      // Only the summary at the end matters; keep the tail so a chatty run cannot grow memory.
      stderr = (stderr + chunk).slice(-8192);
    });
    if (!('path' in input)) {
      child.stdin!.on('error', () => undefined);
      input.stream.on('error', () => child.kill('SIGKILL'));
      input.stream.pipe(child.stdin!);
    }
    child.on('error', () => resolve(null));
    child.on('close', (code) => {
      if (!('path' in input)) input.stream.destroy();
      const level = (name: string) => {
        const m = new RegExp(`${name}:\\s*(-?inf|-?[\\d.]+) dB`).exec(stderr);
        if (!m) return null;
        return m[1].endsWith('inf') ? -144 : Number(m[1]);
      };
      const peakDb = level('max_volume');
      const meanDb = level('mean_volume');
      resolve(code === 0 && peakDb !== null && meanDb !== null ? { peakDb, meanDb } : 'undecodable');
    });
  });
}

/** Warnings about one file, from its probe. */
export function fileWarnings(kind: UploadKind, probe: ProbeResult | null): string[] {
  if (!probe) return [PROBE_WARNINGS.unreadable];
  const warnings: string[] = [];
  if (LOSSY_KINDS.includes(kind) || probe.lossless === false) warnings.push(PROBE_WARNINGS.lossy);
  if (probe.peakDb !== undefined && probe.peakDb <= SILENCE_DB) warnings.push(PROBE_WARNINGS.silent);
  else if (probe.peakDb !== undefined && probe.peakDb >= 0) warnings.push(PROBE_WARNINGS.clipping);
  return warnings;
}
