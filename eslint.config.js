import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's features: each may use another only through its public entry, its index.ts. */
const FEATURES = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Mantine's date inputs only through the app's wrappers (components/dates/pickers), which add the Hijri month select
 * to their dropdowns.
 */
const MANTINE_PICKERS = {
  name: '@mantine/dates',
  importNames: ['DateInput', 'DatePickerInput', 'MonthPickerInput'],
  message: 'Use the wrappers in `@/components/dates/pickers`: they offer the Hijri month select.',
};

/** Imports of a file inside a feature (`@/features/<name>/...`) whose name matches `feature`, below `within`. */
function featureInternals(feature, within = '') {
  return {
    regex: `^@/features/${feature}/${within}`,
    message: 'Use another feature through its public entry, `@/features/<name>` (its index.ts), not a file inside it.',
  };
}

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', '**/migrations/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'tests/e2e/artifacts/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      'no-console': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // No import cycles in the web app, lazy `import()`s included: the pages' components are loaded only by the router
    // (app/page-components.ts), never by the page registry (lib/pages.ts) that pages and the shell read.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/web/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // An API module uses another only through its public entry (`../<module>/index.js`), never its repository or any
    // other file inside it. Tests and fixtures may reach in to set up data.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['apps/api/src/modules/**/*.test.ts', 'apps/api/src/modules/**/fixtures.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{
          regex: '^\\.\\./[^/.][^/]*/(?!index\\.js$)[^/]+$',
          message: "Use another module through its public entry, `../<module>/index.js`, not a file inside it.",
        }],
      }],
    },
  },
  {
    // No import cycles in the API either.
    files: ['apps/api/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'apps/api/tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/dates/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [MANTINE_PICKERS] }],
    },
  },
  // A feature uses another only through its public entry (`@/features/<name>`, its index.ts), never a file inside it.
  ...FEATURES.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { paths: [MANTINE_PICKERS], patterns: [featureInternals(`(?!${feature}/)[^/]+`)] }] },
  })),
  {
    // Outside the features too: the shell, the frames and the libraries see a feature only through its index. Only the
    // router names the pages (its lazy page map and the sign-in page that comes with the app).
    files: ['apps/web/src/{app,components,lib,test}/**/*.{ts,tsx}', 'apps/web/src/*.{ts,tsx}'],
    ignores: ['apps/web/src/components/dates/**', 'apps/web/src/app/page-components.ts', 'apps/web/src/app/routes.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [MANTINE_PICKERS], patterns: [featureInternals('[^/]+')] }] },
  },
  {
    files: ['apps/web/src/app/page-components.ts', 'apps/web/src/app/routes.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [MANTINE_PICKERS], patterns: [featureInternals('[^/]+', '(?!pages/)')] }] },
  },
);
