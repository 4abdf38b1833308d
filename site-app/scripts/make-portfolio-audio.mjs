#!/usr/bin/env node
/**
 * Synthesises the five portfolio loops of the home page (spec §3) from scratch: drums, bass,
 * chords and a plucked melody per track, all generated here, so the audio is original and
 * needs no samples. Writes site-app/public/audio/<slug>.mp3 (mono, 40 kbps) and <slug>.wav
 * (mono, 11 kHz, 8-bit fallback) through SoX:
 *
 *   apt-get install sox libsox-fmt-mp3 && node site-app/scripts/make-portfolio-audio.mjs
 *
 * Deterministic: the noise comes from a seeded generator, so a re-run gives the same files.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const OUT_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', 'public', 'audio');
const RATE = 22050;

/** Mulberry32: a tiny seeded generator for reproducible noise. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const NOTE_INDEX = {
  C: 0,
  'C#': 1,
  D: 2,
  'D#': 3,
  E: 4,
  F: 5,
  'F#': 6,
  G: 7,
  'G#': 8,
  A: 9,
  'A#': 10,
  B: 11,
};
/** 'A3' -> 220 Hz. */
function hz(note) {
  const [, name, octave] = /^([A-G]#?)(-?\d)$/.exec(note);
  const midi = NOTE_INDEX[name] + (Number(octave) + 1) * 12;
  return 440 * 2 ** ((midi - 69) / 12);
}

class Track {
  constructor(seconds, seed) {
    this.buf = new Float32Array(Math.ceil(seconds * RATE));
    this.random = rng(seed);
  }

  add(startSec, samples, gain = 1) {
    const start = Math.round(startSec * RATE);
    for (let i = 0; i < samples.length && start + i < this.buf.length; i++)
      this.buf[start + i] += samples[i] * gain;
  }

  kick(at, gain = 0.9) {
    const n = Math.round(0.35 * RATE);
    const out = new Float32Array(n);
    let phase = 0;
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      phase += (2 * Math.PI * (45 + 95 * Math.exp(-t / 0.03))) / RATE;
      out[i] = Math.sin(phase) * Math.exp(-t / 0.12);
    }
    this.add(at, out, gain);
  }

  snare(at, gain = 0.45) {
    const n = Math.round(0.25 * RATE);
    const out = new Float32Array(n);
    let prev = 0;
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      const noise = this.random() * 2 - 1;
      const bright = noise - prev;
      prev = noise;
      out[i] =
        bright * Math.exp(-t / 0.07) * 0.8 + Math.sin(2 * Math.PI * 185 * t) * Math.exp(-t / 0.04) * 0.6;
    }
    this.add(at, out, gain);
  }

  hat(at, gain = 0.14, open = false) {
    const n = Math.round((open ? 0.18 : 0.05) * RATE);
    const out = new Float32Array(n);
    let prev = 0;
    for (let i = 0; i < n; i++) {
      const noise = this.random() * 2 - 1;
      out[i] = (noise - prev) * Math.exp(-i / RATE / (open ? 0.06 : 0.012));
      prev = noise;
    }
    this.add(at, out, gain);
  }

  /** A soft saw bass through a one-pole low-pass. */
  bass(at, note, dur, gain = 0.35) {
    const f = hz(note);
    const n = Math.round(dur * RATE);
    const out = new Float32Array(n);
    let y = 0;
    for (let i = 0; i < n; i++) {
      const t = i / RATE;
      const saw = 2 * ((f * t) % 1) - 1;
      const sub = Math.sin(2 * Math.PI * f * t);
      y += 0.08 * (saw * 0.5 + sub - y);
      const env = Math.min(1, t / 0.01) * Math.min(1, (dur - t) / 0.04);
      out[i] = y * env;
    }
    this.add(at, out, gain);
  }

  /** A chord of slightly detuned triangle waves with a slow attack. */
  pad(at, notes, dur, gain = 0.09) {
    const n = Math.round(dur * RATE);
    const out = new Float32Array(n);
    for (const note of notes) {
      for (const detune of [0.997, 1.003]) {
        const f = hz(note) * detune;
        for (let i = 0; i < n; i++) {
          const t = i / RATE;
          const tri = 2 * Math.abs(2 * ((f * t) % 1) - 1) - 1;
          out[i] += tri * Math.min(1, t / 0.25) * Math.min(1, (dur - t) / 0.3);
        }
      }
    }
    this.add(at, out, gain);
  }

  /** Short chord stabs (a reggae skank, a piano comp). */
  stab(at, notes, dur = 0.18, gain = 0.12) {
    const n = Math.round(dur * RATE);
    const out = new Float32Array(n);
    for (const note of notes) {
      const f = hz(note);
      for (let i = 0; i < n; i++) {
        const t = i / RATE;
        const sq = Math.sin(2 * Math.PI * f * t) + 0.3 * Math.sin(4 * Math.PI * f * t);
        out[i] += sq * Math.exp(-t / (dur / 3));
      }
    }
    this.add(at, out, gain);
  }

  /** Karplus-Strong plucked string. */
  pluck(at, note, dur = 0.6, gain = 0.3) {
    const period = Math.max(2, Math.round(RATE / hz(note)));
    const ring = Float32Array.from({ length: period }, () => this.random() * 2 - 1);
    const n = Math.round(dur * RATE);
    const out = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const j = i % period;
      const next = ring[(j + 1) % period];
      out[i] = ring[j];
      ring[j] = 0.497 * (ring[j] + next);
    }
    this.add(at, out, gain);
  }

  /** Peak-normalised, softly limited 16-bit PCM WAV bytes. */
  wav() {
    let peak = 0;
    for (const s of this.buf) peak = Math.max(peak, Math.abs(s));
    const scale = peak > 0 ? 1.15 / peak : 1;
    const data = Buffer.alloc(this.buf.length * 2);
    this.buf.forEach((s, i) => data.writeInt16LE(Math.round(Math.tanh(s * scale) * 32767), i * 2));
    const header = Buffer.alloc(44);
    header.write('RIFF', 0);
    header.writeUInt32LE(36 + data.length, 4);
    header.write('WAVEfmt ', 8);
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(RATE, 24);
    header.writeUInt32LE(RATE * 2, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36);
    header.writeUInt32LE(data.length, 40);
    return Buffer.concat([header, data]);
  }
}

/** The note `n` octaves up (or down): `octave('A3', 1)` is A4. */
const octave = (note, n) => note.replace(/\d/, (d) => String(Number(d) + n));

/**
 * One loop: `bars` bars at `bpm`, plus `tail` seconds to ring out. A one-bar drum pattern
 * (strings of 16 steps, x = hit) repeats under it; then `playBar(t, bar, beat)` plays each bar.
 */
function song({ bpm, bars, tail, seed }, { kick, snare, hat, openHat = '' }, playBar) {
  const beat = 60 / bpm;
  const step = beat / 4;
  const t = new Track(bars * 4 * beat + tail, seed);
  for (let bar = 0; bar < bars; bar++) {
    for (let s = 0; s < 16; s++) {
      const at = (bar * 16 + s) * step;
      if (kick[s] === 'x') t.kick(at);
      if (snare[s] === 'x') t.snare(at);
      if (hat[s] === 'x') t.hat(at, s % 4 === 0 ? 0.16 : 0.1);
      if (openHat[s] === 'x') t.hat(at, 0.1, true);
    }
  }
  for (let bar = 0; bar < bars; bar++) playBar(t, bar, beat);
  return t;
}

/** Chords written as 'C4 E4 G4': each becomes the list of its notes. */
const chords = (...written) => written.map((chord) => chord.split(' '));

const SUN_CHORDS = chords('C4 E4 G4 B4', 'A3 C4 E4 G4', 'F3 A3 C4 E4', 'G3 B3 D4 F4');
const SUN_MELODY = ['E5', 'G5', 'A5', 'G5', 'E5', 'D5', 'C5', 'D5'];
const DUB_SKANK = chords('G3 A#3 D4', 'G3 A#3 D4', 'F3 A3 C4', 'D#3 G3 A#3');
const DUB_LINE = ['G1', 'G1', 'A#1', 'D2', 'F1', 'F1', 'D#1', 'D2'];
const SMILE_CHORDS = chords('D4 F#4 A4 C#5', 'B3 D4 F#4 A4', 'G3 B3 D4 F#4', 'A3 C#4 E4 G4');
const MYSTERY_CHORDS = chords('A3 C4 E4', 'F3 A3 C4', 'D3 F3 A3', 'E3 G#3 B3');
const PROSPERITY_CHORDS = chords('C4 D#4 G4', 'G#3 C4 D#4', 'A#3 D4 F4', 'G3 A#3 D4');

const TRACKS = {
  // Bright, bouncy major-key beat.
  'sun-is-out': song(
    { bpm: 102, bars: 6, tail: 0.5, seed: 11 },
    {
      kick: 'x.....x...x.....',
      snare: '....x.......x...',
      hat: 'x.x.x.x.x.x.x.x.',
      openHat: '...............x',
    },
    (t, bar, beat) => {
      const c = bar % 4;
      t.pad(bar * 4 * beat, SUN_CHORDS[c], 4 * beat);
      for (let q = 0; q < 4; q++) t.bass((bar * 4 + q) * beat, ['C2', 'A1', 'F1', 'G1'][c], beat * 0.8);
      if (bar >= 2)
        for (let e = 0; e < 8; e++) t.pluck((bar * 4 + e / 2) * beat, SUN_MELODY[(e + bar) % 8], 0.5, 0.22);
    },
  ),
  // Dub: half-time drop, off-beat skank, deep bass.
  dubbi: song(
    { bpm: 74, bars: 4, tail: 0.8, seed: 23 },
    { kick: '........x.......', snare: '........x.......', hat: '..x...x...x...x.' },
    (t, bar, beat) => {
      for (let q = 0; q < 4; q++) t.stab((bar * 4 + q + 0.5) * beat, DUB_SKANK[bar % 4], 0.22, 0.11);
      for (let h = 0; h < 2; h++)
        t.bass((bar * 4 + h * 2) * beat, DUB_LINE[(bar * 2 + h) % 8], beat * 1.7, 0.45);
    },
  ),
  // Warm R&B keys with a swung groove.
  'make-you-smile': song(
    { bpm: 88, bars: 5, tail: 0.6, seed: 37 },
    { kick: 'x.......x.x.....', snare: '....x.......x...', hat: 'x..xx..xx..xx..x' },
    (t, bar, beat) => {
      const c = bar % 4;
      const root = ['D2', 'B1', 'G1', 'A1'][c];
      t.stab(bar * 4 * beat, SMILE_CHORDS[c], 1.2, 0.1);
      t.stab((bar * 4 + 2.5) * beat, SMILE_CHORDS[c], 0.8, 0.08);
      t.bass(bar * 4 * beat, root, beat * 1.5);
      t.bass((bar * 4 + 2.5) * beat, root, beat);
      t.pluck((bar * 4 + 1) * beat, octave(SMILE_CHORDS[c][3], 1), 0.7, 0.2);
    },
  ),
  // Dark minor pads and a slow arpeggio.
  'great-mystery': song(
    { bpm: 84, bars: 5, tail: 1, seed: 41 },
    { kick: 'x.........x.....', snare: '........x.......', hat: 'x...x...x...x.x.' },
    (t, bar, beat) => {
      const c = MYSTERY_CHORDS[bar % 4];
      t.pad(bar * 4 * beat, c, 4 * beat, 0.11);
      t.bass(bar * 4 * beat, octave(c[0], -2), 3.5 * beat, 0.4);
      for (let e = 0; e < 8; e++)
        t.pluck((bar * 4 + e / 2) * beat, octave(c[e % 3], e >= 6 ? 2 : 1), 0.9, 0.16);
    },
  ),
  // Trap-style half-time beat with rolling hats and a gliding 808-like bass.
  prosperity: song(
    { bpm: 140, bars: 8, tail: 0.6, seed: 53 },
    { kick: 'x......x..x.....', snare: '........x.......', hat: 'x.x.x.xxx.x.x.xx' },
    (t, bar, beat) => {
      const c = Math.floor(bar / 2) % 4;
      const root = ['C2', 'G#1', 'A#1', 'G1'][c];
      if (bar % 2 === 0) t.pad(bar * 4 * beat, PROSPERITY_CHORDS[c], 8 * beat, 0.08);
      t.bass(bar * 4 * beat, root, 1.6 * beat, 0.5);
      t.bass((bar * 4 + 1.75) * beat, root, 1.2 * beat, 0.4);
      for (let e = 0; e < 4; e++)
        t.pluck((bar * 4 + e) * beat, PROSPERITY_CHORDS[c][(e + bar) % 3].replace(/\d/, '5'), 0.4, 0.14);
    },
  ),
};

function sox(args) {
  const res = spawnSync('sox', args, { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`sox ${args.join(' ')} failed`);
}

const work = mkdtempSync(join(tmpdir(), 'portfolio-audio-'));
try {
  for (const [slug, track] of Object.entries(TRACKS)) {
    const master = join(work, `${slug}.wav`);
    writeFileSync(master, track.wav());
    const fades = ['fade', 't', '0.02', '-0', '0.4'];
    // mono 40 kbps MP3, and the 11 kHz 8-bit WAV fallback
    sox([master, '-C', '40', '-c', '1', join(OUT_DIR, `${slug}.mp3`), ...fades]);
    const fallback = ['-r', '11025', '-b', '8', '-e', 'unsigned-integer', '-c', '1'];
    sox([master, ...fallback, join(OUT_DIR, `${slug}.wav`), ...fades]);
    console.log(`${slug}: ${(track.buf.length / RATE).toFixed(1)} s`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
