import { useId } from 'react';
import {
  BLOG,
  hasImageVariants,
  IMAGE_WIDTHS,
  imageVariantName,
  originalFormat,
  type ImageFormat,
} from '@studio/shared';
import { uploadUrl } from './blog-format';

const { width, height } = BLOG.featuredImage;

interface PostImageProps {
  file: string | null;
  className?: string;
  /**
   * The first screen's image (the article's, the list's first card) is fetched at once and
   * first; every other one only when it nears the viewport.
   */
  priority?: boolean;
  /** How wide the image is drawn, for the browser to pick a version (the `sizes` attribute). */
  sizes?: string;
  /** Varies the drawing between posts that have no image (e.g. the post id). */
  variant?: number;
}

/** React 18 passes lowercase attributes it does not know straight to the DOM. */
const HIGH_PRIORITY = { fetchpriority: 'high' } as Record<string, string>;

const srcSet = (file: string, format: ImageFormat) =>
  IMAGE_WIDTHS.map((w) => `${uploadUrl(imageVariantName(file, w, format))} ${w}w`).join(', ');

/**
 * A post's featured image from /uploads, at the recommended 1200×630 shape (intrinsic width
 * and height, so the page does not jump while it loads). Uploads with responsive versions are
 * offered as AVIF, then WebP, then their own format, each in three widths. Without an image, a
 * drawn waveform keeps the card grid even.
 */
export function PostImage({
  file,
  className = '',
  priority = false,
  sizes = '100vw',
  variant = 0,
}: PostImageProps) {
  if (!file) return <WaveformPlaceholder className={className} variant={variant} />;
  const img = (
    <img
      className={`post-image ${className}`}
      src={
        hasImageVariants(file)
          ? uploadUrl(imageVariantName(file, 960, originalFormat(file)))
          : uploadUrl(file)
      }
      srcSet={hasImageVariants(file) ? srcSet(file, originalFormat(file)) : undefined}
      sizes={hasImageVariants(file) ? sizes : undefined}
      alt=""
      width={width}
      height={height}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      {...(priority ? HIGH_PRIORITY : {})}
    />
  );
  if (!hasImageVariants(file)) return img;
  return (
    <picture className="post-image__picture">
      <source type="image/avif" srcSet={srcSet(file, 'avif')} sizes={sizes} />
      {originalFormat(file) !== 'webp' && (
        <source type="image/webp" srcSet={srcSet(file, 'webp')} sizes={sizes} />
      )}
      {img}
    </picture>
  );
}

const BARS = [18, 34, 52, 30, 64, 88, 56, 40, 72, 96, 70, 44, 60, 84, 50, 28, 46, 66, 38, 22];

function WaveformPlaceholder({ className, variant }: { className: string; variant: number }) {
  // Each placeholder on the page needs its own gradient ids.
  const id = useId().replace(/:/g, '');
  const barWidth = 24;
  const gap = (width - BARS.length * barWidth) / (BARS.length + 1);
  const shift = Math.abs(Math.trunc(variant)) % BARS.length;
  const bars = [...BARS.slice(shift), ...BARS.slice(0, shift)];
  return (
    <svg
      className={`post-image post-image--placeholder ${className}`}
      viewBox={`0 0 ${width} ${height}`}
      preserveAspectRatio="xMidYMid slice"
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#1e2230" />
          <stop offset="1" stopColor="#2a2130" />
        </linearGradient>
        <linearGradient id={`${id}-bar`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ffcf6b" />
          <stop offset="1" stopColor="#ff6b5a" />
        </linearGradient>
      </defs>
      <rect width={width} height={height} fill={`url(#${id}-bg)`} />
      {bars.map((percent, i) => {
        const barHeight = (height * 0.7 * percent) / 100;
        return (
          <rect
            key={i}
            x={gap + i * (barWidth + gap)}
            y={(height - barHeight) / 2}
            width={barWidth}
            height={barHeight}
            rx={barWidth / 2}
            fill={`url(#${id}-bar)`}
            opacity={0.75}
          />
        );
      })}
    </svg>
  );
}
