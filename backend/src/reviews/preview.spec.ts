/**
 * The preview job's ffmpeg work, on audio ffmpeg itself generates: a sine, digital silence, and
 * the three protections. Needs the system ffmpeg (installed by .ci/run).
 */
import { REVIEW } from '@studio/shared';
import { execFileSync, spawnSync } from 'node:child_process';
import { createReadStream, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { makePreview, matchGain, parseLoudness, previewArgs, reducePeaks } from './preview';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
// ffmpeg runs on a shared, sometimes busy machine.
jest.setTimeout(60_000);
let dir: string;

/** A 24-bit/48 kHz stereo WAV from ffmpeg's lavfi source (`sine=…` or `anullsrc`). */
function generate(name: string, source: string, seconds: number): string {
  const out = join(dir, name);
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    source,
    '-t',
    String(seconds),
    '-ac',
    '2',
    '-ar',
    '48000',
    '-c:a',
    'pcm_s24le',
    out,
  ]);
  return out;
}

/** Loudest level (dB) of a decoded file between `from` and `to` seconds (ffmpeg volumedetect). */
function levelDb(file: string, from: number, to: number): number {
  const res = spawnSync(
    FFMPEG,
    [
      '-hide_banner',
      '-nostats',
      '-ss',
      String(from),
      '-to',
      String(to),
      '-i',
      file,
      '-af',
      'volumedetect',
      '-f',
      'null',
      '-',
    ],
    { encoding: 'utf8' },
  );
  const m = /max_volume:\s*(-?inf|-?[\d.]+) dB/.exec(res.stderr);
  if (!m) throw new Error(res.stderr.slice(-500));
  return m[1].endsWith('inf') ? -144 : Number(m[1]);
}

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'studio-preview-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('makePreview', () => {
  it('makes an MP3 preview, peaks, duration and loudness from a sine', async () => {
    // ffmpeg's sine source is 1/8 of full scale: about -21 LUFS for a 1 kHz tone in stereo.
    const src = generate('sine.wav', 'sine=frequency=1000:sample_rate=48000', 12);
    const out = join(dir, 'sine.mp3');
    const r = await makePreview(FFMPEG, { path: src }, out, {
      kind: 'wav',
      protection: 'none',
      tagEverySec: 20,
      durationSec: 12,
    });
    expect(r.durationSec).toBeCloseTo(12, 1);
    expect(r.loudnessLufs).not.toBeNull();
    expect(r.loudnessLufs!).toBeGreaterThan(-25);
    expect(r.loudnessLufs!).toBeLessThan(-15);
    expect(r.peaks.length).toBe(120);
    expect(Math.max(...r.peaks)).toBeGreaterThan(0.1);
    expect(JSON.stringify(r.peaks).length).toBeLessThan(50_000);
    expect(statSync(out).size).toBeGreaterThan(100_000);
    expect(
      execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=codec_name', '-of', 'csv=p=0', out])
        .toString()
        .trim(),
    ).toBe('mp3');
  });

  it('reports silence as silence: flat peaks and no loudness', async () => {
    const src = generate('silence.wav', 'anullsrc=channel_layout=stereo:sample_rate=48000', 5);
    const r = await makePreview(FFMPEG, { path: src }, join(dir, 'silence.mp3'), {
      kind: 'wav',
      protection: 'none',
      tagEverySec: 20,
      durationSec: 5,
    });
    expect(r.durationSec).toBeCloseTo(5, 1);
    expect(r.loudnessLufs).toBeNull();
    expect(r.peaks.every((p) => p === 0)).toBe(true);
  });

  it('reads the source from a stream when storage has no local path', async () => {
    const src = generate('piped.wav', 'sine=frequency=440:sample_rate=48000', 3);
    const r = await makePreview(FFMPEG, { stream: createReadStream(src) }, join(dir, 'piped.mp3'), {
      kind: 'wav',
      protection: 'none',
      tagEverySec: 20,
      durationSec: null,
    });
    expect(r.durationSec).toBeCloseTo(3, 1);
  });

  it('puts an audible tag into silence every N seconds', async () => {
    const src = generate('quiet.wav', 'anullsrc=channel_layout=stereo:sample_rate=48000', 12);
    const out = join(dir, 'tagged.mp3');
    await makePreview(FFMPEG, { path: src }, out, {
      kind: 'wav',
      protection: 'tag',
      tagEverySec: 5,
      durationSec: 12,
    });
    // Tags at 1 s, 6 s and 11 s; nothing in between.
    expect(levelDb(out, 0.95, 1.5)).toBeGreaterThan(-20);
    expect(levelDb(out, 5.95, 6.5)).toBeGreaterThan(-20);
    expect(levelDb(out, 2.5, 5.5)).toBeLessThan(-60);
  });

  it('fades the ending out', async () => {
    const src = generate('long.wav', 'sine=frequency=440:sample_rate=48000', 30);
    const out = join(dir, 'faded.mp3');
    await makePreview(FFMPEG, { path: src }, out, {
      kind: 'wav',
      protection: 'fade',
      tagEverySec: 20,
      durationSec: 30,
    });
    expect(levelDb(out, 5, 10)).toBeGreaterThan(-30);
    expect(levelDb(out, 29.5, 29.95)).toBeLessThan(levelDb(out, 5, 10) - 15);
  });

  it('fails clearly on something that is not audio', async () => {
    const bad = join(dir, 'bad.wav');
    writeFileSync(bad, 'not audio at all');
    await expect(
      makePreview(FFMPEG, { path: bad }, join(dir, 'bad.mp3'), {
        kind: 'wav',
        protection: 'none',
        tagEverySec: 20,
        durationSec: null,
      }),
    ).rejects.toThrow(/ffmpeg failed/);
  });
});

describe('preview helpers', () => {
  it('passes arguments as an array, the file name never parsed by a shell', () => {
    const args = previewArgs('/data/x; rm -rf /', '/tmp/out.mp3', {
      kind: 'wav',
      protection: 'none',
      tagEverySec: 20,
      durationSec: 1,
    });
    expect(args).toContain('/data/x; rm -rf /');
  });

  it('reads the source as the format its header showed, opening nothing else', () => {
    const args = previewArgs('/data/abc', '/tmp/out.mp3', {
      kind: 'mp3',
      protection: 'tag',
      tagEverySec: 20,
      durationSec: 1,
    });
    const input = args.indexOf('/data/abc');
    expect(args.slice(input - 5, input + 1)).toEqual([
      '-f',
      'mp3',
      '-protocol_whitelist',
      'file',
      '-i',
      '/data/abc',
    ]);
  });

  it('refuses an ffconcat script behind an ID3 tag instead of following it', async () => {
    const target = generate('target.wav', 'sine=frequency=440:sample_rate=48000', 1);
    const tag = Buffer.alloc(10 + 5000);
    tag.write('ID3\u0004', 0, 'latin1');
    tag.set([0, 0, 0x27, 0x08], 6); // 5000, as ID3's sync-safe integer
    const script = join(dir, 'script.mp3');
    writeFileSync(
      script,
      Buffer.concat([tag, Buffer.from(`ffconcat version 1.0\nfile ${basename(target)}\n`)]),
    );
    await expect(
      makePreview(FFMPEG, { path: script }, join(dir, 'script-out.mp3'), {
        kind: 'mp3',
        protection: 'none',
        tagEverySec: 20,
        durationSec: null,
      }),
    ).rejects.toThrow(/ffmpeg failed/);
  });

  it('reads the integrated loudness from the summary, not the threshold', () => {
    expect(parseLoudness('Integrated loudness:\n    I:         -20.5 LUFS\n    Threshold: -30.6 LUFS')).toBe(
      -20.5,
    );
    expect(parseLoudness('I: -70.0 LUFS')).toBeNull();
    expect(parseLoudness('nothing')).toBeNull();
  });

  it('keeps about ten peaks a second, never more than the cap', () => {
    expect(reducePeaks(new Float32Array(100).fill(0.5), 100, 1)).toEqual(new Array(10).fill(0.5));
    expect(reducePeaks(new Float32Array(100_000), 100_000, 1000)).toHaveLength(REVIEW.maxPeaks);
  });

  it('matches loudness by gain', () => {
    expect(matchGain(-14)).toBeCloseTo(1);
    expect(matchGain(-20)).toBeCloseTo(1.995, 2);
    expect(matchGain(null)).toBe(1);
  });
});
