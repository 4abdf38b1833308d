import type { ReactNode } from 'react';

/**
 * The page's one h1, placed in PageContainer's title slot (ProLayout's own brand title is not a
 * heading, see admin-layout.tsx). It keeps the look of antd's page header title.
 */
export function PageTitle({ children }: { children: ReactNode }) {
  return (
    <h1
      style={{
        margin: 0,
        fontSize: 'inherit',
        fontWeight: 'inherit',
        lineHeight: 'inherit',
        display: 'inline',
      }}
    >
      {children}
    </h1>
  );
}
