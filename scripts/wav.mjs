// WAV files of 16-bit PCM, written by hand (no audio library): the test tones of the browser
// tests (e2e/tests/support.mjs) and of the benchmarks' seed (scripts/bench/lib/portal-seed.mjs).

/** A WAV file around `data`: 16-bit little-endian PCM samples, channels interleaved. */
export function pcmWav(data, { rate = 48000, channels = 2 } = {}) {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(channels, 22);
  header.writeUInt32LE(rate, 24);
  header.writeUInt32LE(rate * channels * 2, 28);
  header.writeUInt16LE(channels * 2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * A stereo WAV of `seconds` at 48 kHz with the same sound on both channels: `sampleAt(i)` is
 * frame i's value, rounded (keep it within ±32767).
 */
export function stereoWav(seconds, sampleAt, rate = 48000) {
  const frames = rate * seconds;
  const data = Buffer.alloc(frames * 4);
  for (let i = 0; i < frames; i++) {
    const v = Math.round(sampleAt(i));
    data.writeInt16LE(v, i * 4);
    data.writeInt16LE(v, i * 4 + 2);
  }
  return pcmWav(data, { rate, channels: 2 });
}
