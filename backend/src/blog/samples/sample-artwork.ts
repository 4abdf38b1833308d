/**
 * The sample posts' pictures, drawn as SVG from a few numbers and rendered to WebP with sharp:
 * nothing binary in the repository, the same picture on every first start, each well under
 * 60 KB.
 */
import sharp from 'sharp';
import type { SampleArtwork } from './sample-posts';

const WIDTH = 1200;
const HEIGHT = 675;

/** A repeatable wobble in [-1, 1]: a few sines at unrelated frequencies. */
const wobble = (x: number) =>
  (Math.sin(x * 0.9) + Math.sin(x * 2.3 + 1) * 0.6 + Math.sin(x * 5.1 + 2) * 0.3) / 1.9;

function waveform(ink: string): string {
  const bars: string[] = [];
  const count = 96;
  const step = (WIDTH - 160) / count;
  for (let i = 0; i < count; i++) {
    const envelope = 0.35 + 0.65 * Math.abs(Math.sin((i / count) * Math.PI * 2.5));
    const h = Math.max(8, Math.abs(wobble(i * 0.7)) * envelope * 460);
    const x = 80 + i * step;
    bars.push(
      `<rect x="${x.toFixed(1)}" y="${(HEIGHT / 2 - h / 2).toFixed(1)}" width="${(step * 0.6).toFixed(1)}" height="${h.toFixed(1)}" rx="3"/>`,
    );
  }
  return `<g fill="${ink}" opacity="0.9">${bars.join('')}</g>`;
}

function meters(ink: string): string {
  const bars: string[] = [];
  for (let i = 0; i < 12; i++) {
    const level = 0.35 + 0.55 * Math.abs(wobble(i * 1.3 + 0.5));
    const h = level * 480;
    const x = 140 + i * 80;
    bars.push(
      `<rect x="${x}" y="${(HEIGHT - 100 - h).toFixed(1)}" width="48" height="${h.toFixed(1)}" rx="6"/>`,
    );
    bars.push(
      `<rect x="${x}" y="${(HEIGHT - 124 - h).toFixed(1)}" width="48" height="10" rx="3" opacity="0.6"/>`,
    );
  }
  return `<g fill="${ink}" opacity="0.9">${bars.join('')}<rect x="120" y="${HEIGHT - 92}" width="960" height="4" opacity="0.5"/></g>`;
}

function spectrum(ink: string): string {
  const points: string[] = [];
  for (let x = 0; x <= WIDTH; x += 20) {
    const t = x / WIDTH;
    // Full lows, a gentle dip in the middle, rolling off at the top.
    const level = 0.75 - 0.25 * Math.exp(-((t - 0.5) ** 2) / 0.02) - 0.4 * t ** 3 + 0.04 * wobble(x / 40);
    points.push(`${x},${(HEIGHT - level * (HEIGHT - 120)).toFixed(1)}`);
  }
  const line = points.join(' ');
  return (
    `<polygon points="0,${HEIGHT} ${line} ${WIDTH},${HEIGHT}" fill="${ink}" opacity="0.25"/>` +
    `<polyline points="${line}" fill="none" stroke="${ink}" stroke-width="6" stroke-linejoin="round"/>`
  );
}

const MOTIFS = { waveform, meters, spectrum };

export function artworkSvg(art: SampleArtwork): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${art.from}"/><stop offset="1" stop-color="${art.to}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
${MOTIFS[art.motif](art.ink)}
</svg>`;
}

/** The picture as WebP bytes, ready for the media library. */
export function renderArtwork(art: SampleArtwork): Promise<Buffer> {
  return sharp(Buffer.from(artworkSvg(art)))
    .webp({ quality: 78 })
    .toBuffer();
}
