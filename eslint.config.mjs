// One lint setup for every workspace: TypeScript rules everywhere (type-aware ones on the
// sources), React hook and accessibility rules in the browser apps, and SQL kept in repositories.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const SOURCES = [
  'backend/src/**/*.ts',
  'libs/shared/src/**/*.ts',
  'libs/shared/review-player/**/*.{ts,tsx}',
  'shell/src/**/*.{ts,tsx}',
  'site-app/src/**/*.{ts,tsx}',
  'admin-app/src/**/*.{ts,tsx}',
];

/**
 * Backend folders whose SQL already lives in `*.repository.ts` files (issue 11). Raw SQL
 * (`.query(`) and query builders anywhere else in them fail the lint; add a folder here once
 * its queries have moved into its repository.
 */
const SQL_IN_REPOSITORIES_ONLY = [
  'audit',
  'auth',
  'blog',
  'common',
  'config',
  'contact',
  'dashboard',
  'data-requests',
  'health',
  'mail',
  'native-forms',
  'newsletter',
  'openapi',
  'payments',
  'projects',
  'redis',
  'referral',
  'reviews',
  'services',
  'sessions',
  'settings',
  'site',
  'staff',
  'storage',
  'uploads',
  'users',
].map((dir) => `backend/src/${dir}/**/*.ts`);

/**
 * The backend's module map: which folder of backend/src may import which (see ARCHITECTURE.md).
 * A module imports only the modules listed for it; an arrow that is not here fails the lint, so
 * a new dependency between features is a decision made in this file, not an accident. The
 * composition root (app.module.ts, main.ts, create-app.ts) and the generated OpenAPI metadata
 * may import anything.
 */
const MODULE_MAP = {
  common: [],
  config: [],
  audit: ['common'],
  referral: ['common'],
  database: ['config'],
  redis: ['config'],
  // Prometheus registry and the process-wide metrics; features record into it.
  metrics: ['config'],
  // OpenTelemetry, started by main.ts before the app is loaded; URLs are redacted as the log does.
  telemetry: ['common', 'config'],
  storage: ['common', 'config'],
  users: ['common', 'config'],
  services: ['audit', 'common'],
  settings: ['audit', 'common', 'config', 'redis'],
  sessions: ['config', 'users'],
  health: ['common', 'config', 'metrics', 'redis', 'storage'],
  blog: ['audit', 'common', 'config', 'redis', 'users'],
  site: ['blog', 'common', 'config', 'settings'],
  // The queue board (mail/dashboard) signs staff in, hence auth, sessions and users.
  mail: ['auth', 'common', 'config', 'metrics', 'redis', 'sessions', 'settings', 'users'],
  auth: ['audit', 'common', 'config', 'mail', 'redis', 'sessions', 'users'],
  staff: ['audit', 'auth', 'common', 'config', 'mail', 'sessions', 'users'],
  newsletter: ['audit', 'blog', 'common', 'config', 'mail', 'referral', 'users'],
  // The message drawer shows the sender's payments and projects.
  contact: ['common', 'config', 'mail', 'newsletter', 'payments', 'projects', 'services', 'users'],
  'native-forms': ['blog', 'common', 'config', 'contact', 'newsletter', 'users'],
  projects: ['common', 'config', 'mail', 'payments', 'users'],
  payments: [
    'audit',
    'common',
    'config',
    'mail',
    'metrics',
    'projects',
    'referral',
    'services',
    'settings',
    'users',
  ],
  // Staff send versions through the same tus endpoint with their own session (auth, sessions).
  uploads: ['auth', 'common', 'config', 'mail', 'metrics', 'projects', 'redis', 'sessions', 'storage'],
  reviews: [
    'audit',
    'common',
    'config',
    'mail',
    'metrics',
    'payments',
    'projects',
    'sessions',
    'settings',
    'storage',
    'uploads',
    'users',
  ],
  dashboard: ['common', 'contact', 'mail', 'newsletter', 'payments', 'projects'],
  'data-requests': [
    'audit',
    'blog',
    'common',
    'contact',
    'mail',
    'newsletter',
    'payments',
    'projects',
    'referral',
    'storage',
    'users',
  ],
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      '.nx/**',
      'coverage/**',
      'bench-results/**',
      'e2e/artifacts/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: [
      'shell/src/**/*.{js,ts,tsx}',
      'site-app/src/**/*.{ts,tsx}',
      'admin-app/src/**/*.{ts,tsx}',
      'libs/shared/review-player/**/*.{ts,tsx}',
    ],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Promises that nobody awaits or that go where a plain callback is expected lose errors.
    files: SOURCES,
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    files: [
      'site-app/src/**/*.tsx',
      'admin-app/src/**/*.tsx',
      'shell/src/**/*.tsx',
      'libs/shared/review-player/**/*.tsx',
    ],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // antd inputs focusing the first field of a dialog or a new form are fine; DOM autofocus is not.
      'jsx-a11y/no-autofocus': ['error', { ignoreNonDOM: true }],
      // A labelled scrollable region may take focus, so the keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['region', 'tabpanel'] }],
    },
  },
  {
    files: SQL_IN_REPOSITORIES_ONLY,
    ignores: ['**/*.repository.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: "SQL lives in this feature's *.repository.ts; call the repository from here.",
        },
        {
          selector: "CallExpression[callee.property.name='createQueryBuilder']",
          message: "Query builders live in this feature's *.repository.ts; call the repository from here.",
        },
        {
          selector: "Decorator[expression.callee.name='InjectRepository']",
          message:
            "TypeORM repositories are injected only in this feature's *.repository.ts; inject that repository instead.",
        },
      ],
    },
  },
  {
    // The module map above, checked on resolved paths (a relative import that leaves its folder).
    files: ['backend/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.js'] } } },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: Object.entries(MODULE_MAP).map(([module, allowed]) => ({
            target: `./backend/src/${module}`,
            from: './backend/src',
            except: [`./${module}`, ...allowed.map((m) => `./${m}`)],
            message: `backend/src/${module} may import only ${allowed.join(', ') || 'nothing outside itself'} (MODULE_MAP in eslint.config.mjs).`,
          })),
        },
      ],
    },
  },
  {
    files: ['**/*.spec.ts', '**/*.spec.tsx', 'backend/test/**/*.ts', 'e2e/**/*.mjs'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
);
