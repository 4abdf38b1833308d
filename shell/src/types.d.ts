// The remotes this host loads at run time (see webpack.config.js). Each exposes one component.
declare module 'site/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}

declare module 'admin/App' {
  import type { ComponentType } from 'react';
  const App: ComponentType;
  export default App;
}

declare module '*.css';
