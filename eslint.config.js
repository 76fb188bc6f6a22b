import path from 'node:path';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// The floors of app/.server (docs/decisions/0073): ground, domains, the demo's seed, the HTTP edge.
const server = (...names) => names.map((name) => `./app/.server/${name}`);
const GROUND = server('clock.ts', 'config.ts', 'random.ts', 'db', 'i18n', 'observability', 'tenants', 'events', 'geo', 'limits', 'net', 'contract');
const EDGE = server('http', 'api', 'start');
const TOOLS = server('seed');
const DOMAINS = server(
  'accounts', 'chat', 'content', 'credits', 'directdebit', 'jobs', 'landers', 'likes', 'mail', 'marketing', 'media', 'members',
  'network', 'notifications', 'offers', 'operators', 'payments', 'postbacks', 'profiles', 'signup', 'splits', 'tracking', 'trust',
);

export default tseslint.config(
  { ignores: ['build/', 'bench/floor/build/', 'data/', 'node_modules/', '.cache/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': 'off',
    },
  },
  {
    // No import circles (issue 27): each module has one direction; a circle is a missing lower module.
    files: ['app/**/*.{ts,tsx}', 'server.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({
          alias: { '~': [path.resolve(import.meta.dirname, 'app')] },
          extensions: ['.ts', '.tsx', '.js', '.json'],
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Floors inside app/.server (issue 49 item 3, docs/decisions/0073): the ground floor imports no
    // domain, the domains import neither the demo's seed nor the HTTP edge, and no server module
    // imports the browser's components, state or routes. An arrow up is a piece that belongs lower.
    files: ['app/.server/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: GROUND, from: [...DOMAINS, ...TOOLS, ...EDGE], message: 'the ground floor (docs/decisions/0073) imports no domain, seed or HTTP edge module' },
            { target: DOMAINS, from: [...TOOLS, ...EDGE], message: 'a domain (docs/decisions/0073) imports neither the seed nor the HTTP edge' },
            { target: TOOLS, from: EDGE, message: 'the seed (docs/decisions/0073) imports no HTTP edge module' },
            { target: './app/.server', from: ['./app/components', './app/state', './app/routes', './app/layouts', './app/network-console', './app/root.tsx'], message: 'server code imports no browser module; shared values live in app/shared' },
          ],
        },
      ],
    },
  },
  {
    // Browser code must not reach into the server-only domain layer except through route modules.
    files: ['app/components/**', 'app/state/**', 'app/layouts/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/.server/**', '~/.server/**'], message: 'server-only code' }] }],
    },
  },
);
