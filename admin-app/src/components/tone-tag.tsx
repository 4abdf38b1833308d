import type { CSSProperties, ReactNode } from 'react';
import { Tag } from 'antd';

export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info';

/**
 * antd's preset tag colours put mid-tone text on a pale background (about 3:1). These keep the
 * same hues with text dark enough for WCAG AA (at least 4.5:1).
 */
const TONES: Record<Tone, { color: string; background: string; borderColor: string }> = {
  success: { color: '#135200', background: '#f6ffed', borderColor: '#95de64' },
  warning: { color: '#7c4a00', background: '#fffbe6', borderColor: '#ffd666' },
  danger: { color: '#a8071a', background: '#fff1f0', borderColor: '#ffa39e' },
  neutral: { color: '#434343', background: '#f5f5f5', borderColor: '#d9d9d9' },
  info: { color: '#003eb3', background: '#e6f4ff', borderColor: '#91caff' },
};

interface Props {
  tone: Tone;
  children: ReactNode;
  style?: CSSProperties;
  'data-testid'?: string;
  'data-status'?: string;
}

export function ToneTag({ tone, children, style, ...rest }: Props) {
  return (
    <Tag bordered style={{ ...TONES[tone], ...style }} {...rest}>
      {children}
    </Tag>
  );
}
