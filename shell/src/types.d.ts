// The remotes this host loads at run time (see webpack.config.js). Each exposes one component.
declare module 'site/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}

// Only in the Node bundle (prerender.tsx), which compiles the site from source.
declare module 'site/ServerPages' {
  export interface ServerPage {
    reads: { queryKey: readonly unknown[]; path: string; pageMissingOn404?: boolean }[];
  }
  export function serverPageFor(pathname: string, search: URLSearchParams): ServerPage | null;
}

declare module 'admin/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}

declare module '*.css';
