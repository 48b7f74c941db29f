import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { subjectBundleUrl } from '../src/features/learn/api/subject-bundle-url';
import {
  HOME_FETCHES,
  PRELOAD_ROUTES,
  preloadHints,
  SUBJECT_BUNDLE,
  SUBJECT_FETCHES,
  type Manifest,
} from './route-preloads';

describe('route preloads', () => {
  const router = readFileSync(join(import.meta.dirname, '../src/app/router.tsx'), 'utf8');
  const paths = readFileSync(join(import.meta.dirname, '../src/config/paths.ts'), 'utf8');

  it("names only routes of the app's route table, each with the page module that route loads", () => {
    for (const { pattern, modules } of PRELOAD_ROUTES) {
      const page = modules[0]!.replace(/^src\//, '').replace(/\.tsx$/, '');
      // The router (src/app/router.tsx) imports a module of app/ as './name', any other as '../path'.
      const specifier = page.startsWith('app/') ? `./${page.slice('app/'.length)}` : `../${page}`;
      // A literal path in the table, or one of paths.ts that the table uses by name.
      const named = [...paths.matchAll(/^\s*(\w+): '([^']+)'/gm)].find(([, , path]) => path === pattern)?.[1];
      const at = named ? router.indexOf(`path: paths.${named},`) : router.indexOf(`path: '${pattern}',`);
      expect(at, `${pattern} is in the route table`).toBeGreaterThan(-1);
      const route = router.slice(at, router.indexOf('\n                  }', at));
      expect(route, `${pattern} loads ${page}`).toContain(`import('${specifier}')`);
    }
  });

  it("lists a route's files after the entry's, and none of the entry's twice", () => {
    const manifest: Manifest = {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'], css: ['assets/index.css'] },
      '_react.js': { file: 'assets/react.js' },
      '_box.js': { file: 'assets/box.js', imports: ['_react.js'] },
      'src/page.tsx': { file: 'assets/page.js', imports: ['_box.js', '_react.js'], css: ['assets/page.css'] },
      'src/strings.json': { file: 'assets/strings.js' },
    };
    const hints = preloadHints(manifest, [{ pattern: '/page', modules: ['src/page.tsx', 'src/strings.json'] }]);
    expect(hints.entry).toEqual({ scripts: ['assets/index.js', 'assets/react.js'], styles: ['assets/index.css'] });
    expect(hints.routes).toEqual([
      {
        pattern: '/page',
        scripts: ['assets/page.js', 'assets/box.js', 'assets/strings.js'],
        styles: ['assets/page.css'],
      },
    ]);
    expect(() => preloadHints(manifest, [{ pattern: '/x', modules: ['src/missing.tsx'] }])).toThrow(
      /not in the build manifest/,
    );
  });

  it("preloads the answers at the paths the app reads them from: the home's, and a subject's on every subject page and game", () => {
    const api = (file: string) => readFileSync(join(import.meta.dirname, '../src/features/learn/api', file), 'utf8');
    expect(SUBJECT_BUNDLE.replace(':subject', 'science')).toBe(subjectBundleUrl('science'));
    expect(SUBJECT_FETCHES).toEqual([SUBJECT_BUNDLE, '/api/v1/learn/subjects/:subject']);
    expect(api('get-subject-chapters.ts')).toContain(
      'api.get<SubjectChaptersResponse>(`/learn/subjects/${encodeURIComponent(slug)}`',
    );
    expect(HOME_FETCHES).toEqual(['/api/v1/me/subjects', '/api/v1/learn/progress']);
    expect(api('get-my-subjects.ts')).toContain("api.get<MySubjectsResponse>('/me/subjects'");
    expect(api('get-learn-progress.ts')).toContain("api.get<LearnProgressResponse>('/learn/progress'");
    for (const { pattern, fetches } of PRELOAD_ROUTES.filter((r) => r.pattern.includes(':subject')))
      expect(fetches, pattern).toBe(SUBJECT_FETCHES);
    expect(PRELOAD_ROUTES.find((r) => r.pattern === '/concepts')!.fetches).toBe(HOME_FETCHES);
    expect(
      preloadHints({ 'index.html': { file: 'assets/index.js', isEntry: true }, 'src/p.tsx': { file: 'assets/p.js' } }, [
        { pattern: '/:subject/x', modules: ['src/p.tsx'], fetches: [SUBJECT_BUNDLE] },
      ]).routes[0]!.fetches,
    ).toEqual([SUBJECT_BUNDLE]);
  });
});
