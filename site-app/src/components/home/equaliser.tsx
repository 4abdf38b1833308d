import type { CSSProperties } from 'react';

/** Relative bar heights (per cent); they are also the still picture under reduced motion. */
const BARS = [38, 62, 84, 56, 92, 70, 46, 78, 58, 88, 50, 66, 34, 74, 54, 82];

/**
 * Animated equaliser bars, CSS only: each bar scales on the compositor with its own delay, and
 * stands still when the visitor prefers reduced motion. Decorative.
 */
export function Equaliser() {
  return (
    <div className="equaliser" aria-hidden="true">
      {BARS.map((height, i) => (
        <span
          key={i}
          className="equaliser__bar"
          style={
            { '--bar-h': height / 100, '--bar-delay': `${(i % 5) * -0.23 - i * 0.07}s` } as CSSProperties
          }
        />
      ))}
    </div>
  );
}
