/** Small audio files made in the test, so no binary fixtures live in the repository. */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A 16- or 24-bit PCM WAV of a 440 Hz tone (or digital silence). */
export function wav(opts: {
  seconds: number;
  rate?: number;
  channels?: number;
  bits?: 16 | 24;
  silent?: boolean;
}) {
  const rate = opts.rate ?? 48000;
  const channels = opts.channels ?? 2;
  const bytes = (opts.bits ?? 24) / 8;
  const frames = Math.round(opts.seconds * rate);
  const data = Buffer.alloc(frames * channels * bytes);
  if (!opts.silent) {
    const max = 2 ** (bytes * 8 - 1) - 1;
    for (let i = 0; i < frames; i++) {
      const v = Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * max * 0.5);
      for (let c = 0; c < channels; c++) data.writeIntLE(v, (i * channels + c) * bytes, bytes);
    }
  }
  const h = Buffer.alloc(44);
  h.write('RIFF', 0);
  h.writeUInt32LE(36 + data.length, 4);
  h.write('WAVE', 8);
  h.write('fmt ', 12);
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(channels, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * channels * bytes, 28);
  h.writeUInt16LE(channels * bytes, 32);
  h.writeUInt16LE(bytes * 8, 34);
  h.write('data', 36);
  h.writeUInt32LE(data.length, 40);
  return Buffer.concat([h, data]);
}

/** A short MP3 made by the system ffmpeg (the app needs it anyway). */
export function mp3(seconds = 1): Buffer {
  const dir = mkdtempSync(join(tmpdir(), 'studio-mp3-'));
  try {
    const out = join(dir, 'tone.mp3');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=440:duration=${seconds}`,
      out,
    ]);
    return readFileSync(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
