// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Modules that must never reach a browser bundle. */
const serverOnly = {
  patterns: [
    { group: ['**/server/**', '**/server'], message: 'Browser code must not import src/server (server-only).' },
    { group: ['mongodb', 'mongodb/*'], message: 'mongodb is server-only.' },
    { group: ['@netlify/blobs', '@netlify/blobs/*'], message: '@netlify/blobs is server-only.' },
    { group: ['node:*'], message: 'Node built-ins are server-only.' },
  ],
};

export default tseslint.config(
  { ignores: ['dist/', '.astro/', '.data/', '.netlify/', 'node_modules/', 'screenshots/', 'test-results/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Store interfaces are async by contract; the embedded store happens to be synchronous underneath.
      '@typescript-eslint/require-await': 'off',
      // Env is read once, through zod, in src/server/env.ts (and by the CLI scripts and configs).
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/server/env.ts.' },
      ],
    },
  },
  {
    files: ['src/server/env.ts', 'scripts/**', 'tests/**', '*.config.*', 'astro.config.mjs', 'src/**/*.test.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The hard line between browser and server code.
    files: ['src/shared/**', 'src/components/**', 'src/admin/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'no-restricted-imports': ['error', serverOnly] },
  },
  {
    files: ['src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...astro.configs.recommended,
  {
    files: ['**/*.astro', '**/*.astro/*.ts', '*.mjs', 'eslint.config.js'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/shared/**/*.test.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
