// One lint setup for the whole repository (flat config). Prettier owns formatting.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const web = 'apps/web/src';
const server = 'apps/server/src';
// Read from the folders, so a new feature or module is inside the boundaries the day it lands.
const folders = (dir) =>
  readdirSync(join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = folders(`${web}/features`);
const serverModules = folders(`${server}/modules`);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dev-dist/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'bench/.cache/**',
    ],
  },
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
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/apps/**', '@ki/server', '@ki/web'], message: 'packages never import apps' }] },
      ],
    },
  },
  {
    files: ['packages/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@ki/contracts', '**/apps/**', 'zod'], message: 'domain is pure: it imports nothing of ours' },
          ],
        },
      ],
    },
  },
  // The web never imports the server.
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ group: ['**/apps/server/**', '@ki/server'], message: 'the web never imports the server' }],
          // Tabler's coin carries a dollar sign (issue #29): the game's coins are IconCoins, money is IconCoinRupee.
          paths: [
            {
              name: '@tabler/icons-react',
              importNames: ['IconCoin', 'IconCoinFilled'],
              message: 'a dollar coin: use IconCoins for the game coins, IconCoinRupee for money',
            },
          ],
        },
      ],
    },
  },
  // The house's boundaries, checked on the file an import resolves to, so no `../` depth slips
  // through (eslint.config.test.ts shows each one failing).
  // Web: app -> features -> ui/lib/config; features do not import each other.
  // Server: db/, policy/ and plugins/ sit below modules/; a module calls another module's service,
  // never its repository (nor sessions/ its own); below main.ts nothing imports app.ts (a module
  // importing it made a circle).
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        // Resolved as tsc resolves them (each app's tsconfig), so the zones see the real file.
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json'].map((file) => join(root, file)),
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            // The name rules above catch `@ki/server` and `.../apps/...`; these catch `../../../server`.
            { target: 'packages', from: 'apps', message: 'packages never import apps' },
            {
              target: 'packages/domain',
              from: 'packages/contracts',
              message: 'domain is pure: it imports nothing of ours',
            },
            { target: 'apps/web', from: 'apps/server', message: 'the web never imports the server' },
            ...webFeatures.map((feature) => ({
              target: `${web}/features/${feature}`,
              from: `${web}/features`,
              except: [`./${feature}`],
              message: 'features do not import each other; compose them in app/, share through ui/ or lib/',
            })),
            {
              target: `${web}/features`,
              from: `${web}/app`,
              message: 'a feature never imports app/; move what it needs to ui/ or lib/',
            },
            ...['lib', 'ui', 'config'].map((layer) => ({
              target: `${web}/${layer}`,
              from: [`${web}/features`, `${web}/app`],
              message: `${layer}/ sits below features/ and app/: it never imports them`,
            })),
            ...['db', 'policy', 'plugins', 'providers'].map((layer) => ({
              target: `${server}/${layer}`,
              from: `${server}/modules`,
              message: `${layer}/ sits below modules/: it never imports them`,
            })),
            ...serverModules.map((module) => ({
              target: `${server}/modules/${module}`,
              from: serverModules
                .filter((other) => other !== module)
                .map((other) => `${server}/modules/${other}/**/*.repository.ts`),
              message: "call the other module's service, not its repository",
            })),
            {
              target: [`${server}/*.ts`, `${server}/!(sessions)/**`],
              from: `${server}/sessions/sessions.repository.ts`,
              message: 'sessions go through sessions/session-store.ts, not its repository',
            },
            {
              target: [`${server}/!(main).ts`, `${server}/!(test)/**`],
              from: `${server}/app.ts`,
              message: 'only main.ts and test/ import app.ts: AppDeps lives in app-deps.ts, the version in version.ts',
            },
          ],
        },
      ],
    },
  },
  // No import circles on the server (modules once imported app.ts, which imports them). It follows
  // imports through files, so it costs a few seconds: the server only.
  {
    files: ['apps/server/src/**/*.ts'],
    settings: { 'import-x/extensions': ['.ts', '.js', '.mjs'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // Browser journeys run on the app's clock (E2E_NOW), never today's date: every spec takes `test`
  // from support.ts, whose fixtures put each page on that clock.
  {
    files: ['e2e/**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@playwright/test',
              importNames: ['test'],
              message: "import test from './support': its pages run on the app clock",
            },
          ],
        },
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
          message:
            'SQL belongs in the module’s repository: move this query into <module>.repository.ts and call it from the service',
        },
        {
          selector:
            'TaggedTemplateExpression[tag.name="sql"], CallExpression[callee.object.name="sql"], CallExpression[callee.name="executePrepared"]',
          message:
            'SQL belongs in the module’s repository: move this query into <module>.repository.ts and call it from the service',
        },
        {
          selector:
            'ImportDeclaration[source.value="kysely"][importKind!="type"] > ImportSpecifier[imported.name="sql"][importKind!="type"]',
          message: 'SQL belongs in the module’s repository: only repositories import sql from kysely',
        },
      ],
    },
  },
  prettier,
);
