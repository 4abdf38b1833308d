import { Spin } from 'antd';

export function FullPageSpin({ label = 'Loading…' }: { label?: string }) {
  return (
    <div
      style={{ display: 'grid', placeItems: 'center', minHeight: '60vh' }}
      role="status"
      aria-live="polite"
    >
      <Spin size="large" />
      <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        {label}
      </span>
    </div>
  );
}
