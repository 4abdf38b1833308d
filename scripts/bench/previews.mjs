// `npm run bench -- previews`: the version preview job's ffmpeg work (backend/src/reviews/preview.ts)
// on a 4-minute 24-bit/48 kHz stereo WAV that ffmpeg generates (pink noise under a tone).
//
// Measures, in one run on this machine:
//   reference A: ffmpeg only decoding the WAV (`-f null`), the floor for anything reading it;
//   reference B: ffmpeg encoding the MP3 preview alone (no peaks, no loudness);
//   the job:     makePreview (preview + peaks + duration + EBU R128 loudness in one run), for
//                each protection (none, tag every 20 s, faded ending).
// Reports seconds, the real-time factor (audio seconds per wall second), the ratio to the
// references, and the size of the peaks JSON (goal ≤ 50 KB). Never fails on a timing.
//
// Environment: BENCH_PREVIEW_SECONDS (default 240), BENCH_SKIP_BUILD=1 to use backend/dist, FFMPEG_PATH.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT, log, run } from '../lib.mjs';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
const SECONDS = Number(process.env.BENCH_PREVIEW_SECONDS ?? 240);
const compiled = join(ROOT, 'backend', 'dist', 'reviews', 'preview.js');

if (process.env.BENCH_SKIP_BUILD !== '1' || !existsSync(compiled)) {
  log('Compiling the shared library and the backend...');
  run('npx', ['tsc', '-p', join(ROOT, 'libs/shared/tsconfig.build.json')]);
  run('npx', ['tsc', '-p', join(ROOT, 'backend/tsconfig.build.json')]);
}
const { makePreview } = await import(pathToFileURL(compiled).href);

const dir = mkdtempSync(join(tmpdir(), 'bench-previews-'));
const timed = async (fn) => {
  const start = process.hrtime.bigint();
  const value = await fn();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
};
try {
  const wav = join(dir, 'song.wav');
  log(`Generating a ${SECONDS} s 24-bit/48 kHz stereo WAV...`);
  execFileSync(FFMPEG, [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.25:sample_rate=48000:duration=${SECONDS}`,
    '-f',
    'lavfi',
    '-i',
    `sine=frequency=220:sample_rate=48000:duration=${SECONDS}`,
    '-filter_complex',
    '[0:a][1:a]amix=inputs=2:normalize=0,aformat=channel_layouts=stereo',
    '-c:a',
    'pcm_s24le',
    '-ar',
    '48000',
    wav,
  ]);
  log(`  ${(statSync(wav).size / 1024 / 1024).toFixed(1)} MB`);

  const ff = (args) => timed(async () => spawnSync(FFMPEG, args, { stdio: 'ignore' }).status);
  const decode = await ff(['-v', 'error', '-i', wav, '-f', 'null', '-']);
  const encode = await ff([
    '-v',
    'error',
    '-y',
    '-i',
    wav,
    '-c:a',
    'libmp3lame',
    '-b:a',
    '128k',
    join(dir, 'ref.mp3'),
  ]);
  log(`reference A (decode only):      ${decode.seconds.toFixed(2)} s`);
  log(`reference B (MP3 encode only):  ${encode.seconds.toFixed(2)} s`);

  for (const protection of ['none', 'tag', 'fade']) {
    const out = join(dir, `preview-${protection}.mp3`);
    const { seconds, value } = await timed(() =>
      makePreview(FFMPEG, { path: wav }, out, { protection, tagEverySec: 20, durationSec: SECONDS }),
    );
    const peaksBytes = Buffer.byteLength(JSON.stringify(value.peaks));
    log(
      `job (${protection.padEnd(4)}): ${seconds.toFixed(2)} s · real-time factor ${(SECONDS / seconds).toFixed(1)}x` +
        ` · ${(seconds / encode.seconds).toFixed(2)}x reference B · ${(seconds / decode.seconds).toFixed(1)}x reference A` +
        ` · peaks ${value.peaks.length} values, ${(peaksBytes / 1024).toFixed(1)} KB JSON` +
        ` · ${value.loudnessLufs?.toFixed(1)} LUFS · preview ${(statSync(out).size / 1024 / 1024).toFixed(1)} MB` +
        ` · goal ≤ 10 s: ${seconds <= 10 ? 'met' : 'missed'}`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
