// One lint setup for the whole repository (flat config). Prettier owns formatting.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/dev-dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'bench/.cache/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  // Dependencies flow one way: domain -> contracts -> apps; packages never import apps.
  {
    files: ['packages/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/apps/**', '@ki/server', '@ki/web'], message: 'packages never import apps' }] }],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['@ki/contracts', '**/apps/**', 'zod'], message: 'domain is pure: it imports nothing of ours' }] }],
    },
  },
  // The web never imports the server; features do not import each other.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/server/**', '@ki/server'], message: 'the web never imports the server' }] },
      ],
    },
  },
  ...[
    ['apps/web/src/features/*/*.{ts,tsx}', '^\\.\\./(?!\\.)'],
    ['apps/web/src/features/*/*/*.{ts,tsx}', '^\\.\\./\\.\\./(?!\\.)'],
  ].map(([files, otherFeature]) => ({
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: otherFeature, message: 'features do not import each other; compose them in app/' },
            { group: ['**/apps/server/**', '@ki/server'], message: 'the web never imports the server' },
          ],
        },
      ],
    },
  })),
  // A server module may call another module's service, never its repository.
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/*.repository', '../../modules/*/*.repository'], message: "call the other module's service, not its repository" }] },
      ],
    },
  },
  // Browser journeys run on the app's clock (E2E_NOW), never today's date: every spec takes `test`
  // from support.ts, whose fixtures put each page on that clock.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: '@playwright/test', importNames: ['test'], message: "import test from './support': its pages run on the app clock" }] },
      ],
    },
  },
  // SQL lives in repositories: a service opens transactions and calls repository functions; a route,
  // a socket handler or a command calls a service. Opening a transaction (db.transaction().execute)
  // is allowed, building or running a query is not.
  {
    files: [
      'apps/server/src/modules/**/*.service.ts',
      'apps/server/src/modules/**/*.routes.ts',
      'apps/server/src/modules/**/*.socket.ts',
      'apps/server/src/modules/**/*-cli.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            'CallExpression[callee.type="MemberExpression"][callee.property.name=/^(selectFrom|selectNoFrom|insertInto|replaceInto|updateTable|deleteFrom|mergeInto|withRecursive|executeQuery)$/]',
          message: 'SQL belongs in the module’s repository: move this query into <module>.repository.ts and call it from the service',
        },
        {
          selector: 'TaggedTemplateExpression[tag.name="sql"], CallExpression[callee.object.name="sql"], CallExpression[callee.name="executePrepared"]',
          message: 'SQL belongs in the module’s repository: move this query into <module>.repository.ts and call it from the service',
        },
        {
          selector: 'ImportDeclaration[source.value="kysely"][importKind!="type"] > ImportSpecifier[imported.name="sql"][importKind!="type"]',
          message: 'SQL belongs in the module’s repository: only repositories import sql from kysely',
        },
      ],
    },
  },
  prettier,
);
