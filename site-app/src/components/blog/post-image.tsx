import { useId } from 'react';
import { BLOG } from '@studio/shared';
import { uploadUrl } from './blog-format';

const { width, height } = BLOG.featuredImage;

interface PostImageProps {
  file: string | null;
  className?: string;
  /** Cards below the fold load lazily; the article's own image loads at once. */
  loading?: 'lazy' | 'eager';
  /** Varies the drawing between posts that have no image (e.g. the post id). */
  variant?: number;
}

/**
 * A post's featured image from /uploads, at the recommended 1200×630 shape so the page does
 * not jump while it loads. Without one, a drawn waveform keeps the card grid even.
 */
export function PostImage({ file, className = '', loading = 'lazy', variant = 0 }: PostImageProps) {
  if (file) {
    return (
      <img
        className={`post-image ${className}`}
        src={uploadUrl(file)}
        alt=""
        width={width}
        height={height}
        loading={loading}
        decoding="async"
      />
    );
  }
  return <WaveformPlaceholder className={className} variant={variant} />;
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
