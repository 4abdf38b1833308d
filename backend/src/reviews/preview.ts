/**
 * Makes what the review player needs from a version's lossless source, in ONE ffmpeg run (one
 * decode): a streaming preview (MP3, 128 kb/s, with the project's protection), waveform peaks,
 * the duration and the integrated loudness (EBU R128). ffmpeg is spawned with an argument
 * array, never through a shell; the peaks are computed here from an 8 kHz mono stream that
 * ffmpeg writes to stdout, so the source is never held in memory. The source is read as the
 * format its first bytes showed (`-f`), never guessed again by ffmpeg.
 */
import { Protection, REVIEW } from '@studio/shared';
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { pinnedInput } from '../uploads/audio-probe';
import type { AudioKind } from '../storage/upload-kind';

export interface PreviewOptions {
  /** The format the source's first bytes showed: ffmpeg reads it as that and nothing else. */
  kind: AudioKind;
  protection: Protection;
  tagEverySec: number;
  /** The source's duration (needed for the faded ending); from the metadata probe. */
  durationSec: number | null;
}

export interface PreviewResult {
  durationSec: number;
  /** Integrated loudness in LUFS; null for silence (below the gate). */
  loudnessLufs: number | null;
  /** Peak level per slice, 0..1, at most REVIEW.maxPeaks values. */
  peaks: number[];
}

/** Rate of the analysis stream the peaks come from. */
const PEAK_RATE = 8000;
/** Samples per first-level slice (10 ms). */
const SLICE = PEAK_RATE / 100;
/** No job runs longer than this; a stuck ffmpeg is killed. */
const TIMEOUT_MS = 10 * 60_000;

/** The filter graph for the preview branch, by protection. Exported for the tests. */
export function previewFilter(o: PreviewOptions): string {
  const fmt = 'aformat=sample_fmts=fltp:sample_rates=44100:channel_layouts=stereo';
  if (o.protection === 'tag') {
    const every = Math.min(REVIEW.tagEveryMaxSec, Math.max(REVIEW.tagEveryMinSec, Math.round(o.tagEverySec)));
    // A 1 kHz beep of 0.4 s at -12 dBFS every `every` seconds (the first after one second), mixed on top.
    const gate = `2*lt(mod(t-1\\,${every})\\,0.4)*gte(t\\,1)`;
    return `[src]${fmt}[s];[1:a]${fmt},volume=volume='${gate}':eval=frame[tag];[s][tag]amix=inputs=2:duration=first:normalize=0[pv]`;
  }
  if (o.protection === 'fade' && o.durationSec && o.durationSec > 1) {
    const d = Math.min(REVIEW.fadeSec, o.durationSec / 5);
    const start = Math.max(0, o.durationSec - d);
    return `[src]${fmt},afade=t=out:st=${start.toFixed(3)}:d=${d.toFixed(3)}[pv]`;
  }
  return `[src]${fmt}[pv]`;
}

/** ffmpeg's arguments: `input` is a path or 'pipe:0'; the preview goes to `output`. */
export function previewArgs(input: string, output: string, o: PreviewOptions): string[] {
  const args = ['-hide_banner', '-nostats', '-loglevel', 'info', '-y', ...pinnedInput(o.kind, input)];
  if (o.protection === 'tag') args.push('-f', 'lavfi', '-i', 'sine=frequency=1000:sample_rate=44100');
  const graph = [
    '[0:a:0]asplit=2[src][meter]',
    previewFilter(o),
    `[meter]ebur128=framelog=verbose,aresample=${PEAK_RATE},aformat=sample_fmts=flt:channel_layouts=mono[pk]`,
  ].join(';');
  args.push('-filter_complex', graph);
  args.push('-map', '[pv]', '-c:a', 'libmp3lame', '-b:a', '128k', '-f', 'mp3', output);
  args.push('-map', '[pk]', '-f', 'f32le', 'pipe:1');
  return args;
}

/** Integrated loudness from ebur128's summary on stderr; null when missing or below the gate. */
export function parseLoudness(stderr: string): number | null {
  const matches = [...stderr.matchAll(/\bI:\s+(-?[\d.]+|-inf)\s+LUFS/g)];
  const last = matches.at(-1)?.[1];
  if (!last || last === '-inf') return null;
  const value = Number(last);
  return Number.isFinite(value) && value > -70 ? value : null;
}

/** Reduces 10 ms slice maxima to about ten a second, at most REVIEW.maxPeaks, rounded to 0.01. */
export function reducePeaks(slices: ArrayLike<number>, count: number, durationSec: number): number[] {
  const target = Math.max(1, Math.min(REVIEW.maxPeaks, Math.round(durationSec * 10), count));
  const out: number[] = new Array<number>(target).fill(0);
  for (let i = 0; i < count; i++) {
    const slot = Math.min(target - 1, Math.floor((i * target) / count));
    if (slices[i] > out[slot]) out[slot] = slices[i];
  }
  return out.map((v) => Math.round(Math.min(1, v) * 100) / 100);
}

/** Runs ffmpeg on `input` (a local path, or a stream fed to stdin) and writes the preview to `output`. */
export function makePreview(
  ffmpegPath: string,
  input: { path: string } | { stream: Readable },
  output: string,
  o: PreviewOptions,
): Promise<PreviewResult> {
  const source = 'path' in input ? input.path : 'pipe:0';
  const args = previewArgs(source, output, o);
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['stream' in input ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    const timer = setTimeout(() => child.kill('SIGKILL'), TIMEOUT_MS);
    let stderr = '';
    child.stderr!.setEncoding('utf8');
    child.stderr!.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-16_384);
    });
    if ('stream' in input) {
      child.stdin!.on('error', () => undefined);
      input.stream.on('error', () => child.kill('SIGKILL'));
      input.stream.pipe(child.stdin!);
    }

    // First-level peaks: the max |sample| of every 10 ms slice, grown as the stream arrives.
    let slices = new Float32Array(1 << 14);
    let count = 0;
    let current = 0;
    let inSlice = 0;
    let samples = 0;
    let carry = Buffer.alloc(0);
    child.stdout!.on('data', (chunk: Buffer) => {
      const buf = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const whole = buf.length - (buf.length % 4);
      for (let off = 0; off < whole; off += 4) {
        const v = Math.abs(buf.readFloatLE(off));
        if (v > current) current = v;
        if (++inSlice === SLICE) {
          if (count === slices.length) {
            const grown = new Float32Array(slices.length * 2);
            grown.set(slices);
            slices = grown;
          }
          slices[count++] = current;
          current = 0;
          inSlice = 0;
        }
      }
      samples += whole / 4;
      carry = Buffer.from(buf.subarray(whole));
    });

    child.on('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`ffmpeg could not start: ${err.message}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code !== 0) {
        const last = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 500);
        reject(new Error(`ffmpeg failed (${signal ?? code}): ${last}`));
        return;
      }
      if (inSlice > 0) slices[count++] = current;
      const durationSec = Math.round((samples / PEAK_RATE) * 1000) / 1000;
      if (!samples) {
        reject(new Error('ffmpeg found no audio in this file'));
        return;
      }
      resolve({
        durationSec,
        loudnessLufs: parseLoudness(stderr),
        peaks: reducePeaks(slices, count, durationSec),
      });
    });
  });
}

/** The gain (linear) that brings a version from `lufs` to the matched level; 1 when unknown. */
export function matchGain(lufs: number | null, target: number = REVIEW.matchLufs): number {
  if (lufs === null) return 1;
  return Math.min(4, Math.pow(10, (target - lufs) / 20));
}
