import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The house's boundaries (eslint.config.js) fail lint: each snippet is linted as if it were a file at
 * `file` (which need not exist; what it imports must), with the repository's own configuration.
 * No-unresolved is switched on here so an allowed case cannot pass because its import went nowhere.
 */
const ZONE = 'import-x/no-restricted-paths';
const UNRESOLVED = 'import-x/no-unresolved';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({
    cwd: import.meta.dirname,
    overrideConfig: {
      files: ['apps/web/**/*.{ts,tsx}', 'apps/server/src/**/*.ts', 'packages/*/src/**/*.ts'],
      rules: { [UNRESOLVED]: 'error' },
    },
  });
});

async function boundaryErrors(file: string, source: string) {
  const [result] = await eslint.lintText(`${source}\n`, { filePath: file });
  return result!.messages
    .filter((m) => [ZONE, UNRESOLVED, 'no-restricted-imports'].includes(m.ruleId ?? ''))
    .map((m) => m.ruleId);
}

const web = 'apps/web/src';
const server = 'apps/server/src';

describe('forbidden imports fail lint, however the path is written', { timeout: 60_000 }, () => {
  it.each([
    ['a feature imports another feature', `${web}/features/learn/probe.tsx`, "import '../dashboard/dashboard-page';"],
    [
      '... through a deeper relative path',
      `${web}/features/learn/probe.tsx`,
      "import '../../features/dashboard/dashboard-page';",
    ],
    ['... from a feature subfolder', `${web}/features/learn/components/probe.tsx`, "import '../../auth/api/sign-in';"],
    ['a feature imports app/', `${web}/features/learn/probe.tsx`, "import '../../app/router';"],
    ['lib/ imports a feature', `${web}/lib/probe.ts`, "import '../features/auth/api/sign-in';"],
    ['lib/ imports app/', `${web}/lib/probe.ts`, "import '../app/providers';"],
    ['ui/ imports app/', `${web}/ui/probe.tsx`, "import '../app/layout';"],
    ['ui/ imports a feature', `${web}/ui/probe.tsx`, "import '../features/learn/game-state';"],
    ['config/ imports a feature', `${web}/config/probe.ts`, "import '../features/auth/api/sign-in';"],
    ['db/ imports a module', `${server}/db/probe.ts`, "import '../modules/records/marking';"],
    ['policy/ imports a module', `${server}/policy/probe.ts`, "import '../modules/analytics/analytics.service';"],
    ['plugins/ imports a module', `${server}/plugins/probe.ts`, "import '../modules/auth/otp';"],
    [
      'providers/ imports a module',
      `${server}/providers/exam-site/probe.ts`,
      "import '../../modules/exams/exams.service';",
    ],
    [
      "a module imports another module's repository",
      `${server}/modules/analytics/probe.ts`,
      "import '../records/records.repository';",
    ],
    [
      '... through a deeper relative path',
      `${server}/modules/analytics/probe.ts`,
      "import '../../modules/content/content.repository';",
    ],
    ['a module imports app.ts', `${server}/modules/health/probe.ts`, "import '../../app';"],
    ['demo data imports app.ts', `${server}/demo-data/probe.ts`, "import '../app';"],
    ['a root file other than main.ts imports app.ts', `${server}/app-deps.ts`, "import './app';"],
    [
      'a module imports the sessions repository',
      `${server}/modules/auth/probe.ts`,
      "import '../../sessions/sessions.repository';",
    ],
    ['the web imports the server', `${web}/lib/probe.ts`, "import '../../../server/src/errors';"],
    ['a package imports an app', 'packages/contracts/src/probe.ts', "import '../../../apps/server/src/errors';"],
    ['domain imports contracts by path', 'packages/domain/src/probe.ts', "import '../../contracts/src/index';"],
  ])('%s', async (_name, file, source) => {
    // The older name rules may flag some of these too; the zone flags every one.
    expect(await boundaryErrors(file, source)).toContain(ZONE);
  });

  it.each([
    ['the web imports the server by name', `${web}/lib/probe.ts`, "import '@ki/server';"],
    ['domain imports contracts by name', 'packages/domain/src/probe.ts', "import '@ki/contracts';"],
  ])('%s', async (_name, file, source) => {
    expect(await boundaryErrors(file, source)).toContain('no-restricted-imports');
  });
});

describe('import circles on the server fail lint', { timeout: 60_000 }, () => {
  it('a route imported by app.ts imports app.ts', async () => {
    // health.routes.ts is on app.ts's import list: importing app.ts back closes a circle.
    const [result] = await eslint.lintText("import { buildApp } from '../../app';\nexport const build = buildApp;\n", {
      filePath: `${server}/modules/health/health.routes.ts`,
    });
    expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
  });
});

describe('imports along the layers pass', { timeout: 60_000 }, () => {
  it.each([
    ['a module imports its own repository', `${server}/modules/records/probe.ts`, "import './records.repository';"],
    [
      "a module calls another module's service",
      `${server}/modules/analytics/probe.ts`,
      "import '../records/records.service';",
    ],
    ['the session store imports its repository', `${server}/sessions/probe.ts`, "import './sessions.repository';"],
    ['demo data uses modules', `${server}/demo-data/probe.ts`, "import '../modules/records/marking';"],
    ['main.ts imports app.ts', `${server}/main.ts`, "import './app';"],
    ['test/ imports app.ts', `${server}/test/probe.ts`, "import '../app';"],
    [
      'a feature imports lib/, ui/ and config/',
      `${web}/features/learn/probe.tsx`,
      "import '../../lib/i18n';\nimport '../../ui/mantine-root';\nimport '../../config/paths';",
    ],
    ['a feature imports its own subfolders', `${web}/features/learn/probe.tsx`, "import './components/sync-state';"],
    ['app/ composes features', `${web}/app/probe.tsx`, "import '../features/learn/play-page';"],
  ])('%s', async (_name, file, source) => {
    expect(await boundaryErrors(file, source)).toEqual([]);
  });
});
