import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * The admin's own page background and text colour: the shell's index.html paints the public
 * site's dark background, which would otherwise show through antd's transparent pages.
 */
export function AdminSurface({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        minHeight: '100vh',
        background: token.colorBgLayout,
        color: token.colorText,
        fontFamily: token.fontFamily,
      }}
    >
      {children}
    </div>
  );
}
