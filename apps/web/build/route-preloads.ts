/**
 * Route-aware preload hints: for the pages a phone most often opens cold, the files of the page
 * (its module, its strings, its early-requests module and, for Mantine pages, Mantine's provider)
 * with everything they import, less what index.html already preloads. The server sends them as
 * `Link: <file>; rel=modulepreload` headers with the app page for a matching URL, so they download
 * beside the entry instead of after it has run (docs/PERFORMANCE.md, Lighthouse section).
 *
 * The patterns repeat those of src/app/router.tsx; route-preloads.test.ts checks each is there with
 * its page module.
 */
export interface PreloadRoute {
  /** A path of src/app/router.tsx's route table, `:name` for a segment. */
  pattern: string;
  /** Build-manifest keys (source paths under apps/web) of the modules the route loads. */
  modules: string[];
  /**
   * API answers the page cannot draw without, as paths with the pattern's `:name` segments
   * (/api/v1/...): the server asks the browser to fetch them with the page (rel=preload as=fetch)
   * for a signed-in visitor. Only answers the app asks for with no language or other header of its
   * own, so the browser hands the page the preloaded answer (get-subject-bundle.ts).
   */
  fetches?: string[];
}

const MANTINE = 'src/ui/mantine-root.tsx';
const LEARN = 'src/locales/en/learn.json';
/** The strings of the learner's screens after the home (src/app/router.tsx loads them with `learn`). */
const JOURNEY = 'src/locales/en/journey.json';
const SUBJECT_DATA = 'src/features/learn/api/start-subject-view.ts';
const authPage = (pattern: string, page: string): PreloadRoute => ({
  pattern,
  modules: [page, 'src/locales/en/auth.json', MANTINE],
});
/** A subject's content, which every subject page and game draws from (features/learn/api/get-subject-bundle.ts). */
export const SUBJECT_BUNDLE = '/api/v1/learn/subjects/:subject/bundle';
/**
 * The answers a subject's pages wait for on a first load (features/learn/api/start-subject-view.ts):
 * its content and the student's chapters in it (get-subject-chapters.ts). Neither depends on the
 * request's language header: the server names content in the student's own language.
 */
export const SUBJECT_FETCHES = [SUBJECT_BUNDLE, '/api/v1/learn/subjects/:subject'];
/** The answers the concepts home waits for (features/learn/api/start-learner-home.ts): subjects and progress. */
export const HOME_FETCHES = ['/api/v1/me/subjects', '/api/v1/learn/progress'];
const subjectPage = (pattern: string, page: string): PreloadRoute => ({
  pattern,
  modules: [page, LEARN, JOURNEY, SUBJECT_DATA, MANTINE],
  fetches: SUBJECT_FETCHES,
});

export const PRELOAD_ROUTES: PreloadRoute[] = [
  authPage('/login', 'src/features/auth/student-login-page.tsx'),
  authPage('/student/login', 'src/features/auth/student-login-page.tsx'),
  authPage('/teacher/login', 'src/features/auth/teacher-login-page.tsx'),
  {
    pattern: '/concepts',
    // The home page with the parts other features draw on it (app/concepts-route.tsx).
    modules: ['src/app/concepts-route.tsx', LEARN, 'src/features/learn/api/start-learner-home.ts'],
    fetches: HOME_FETCHES,
  },
  subjectPage('/revise/:subject/:chapter', 'src/features/learn/chapter-game-pages.tsx'),
  subjectPage('/treasurecontent/:subject/:chapter', 'src/features/learn/chapter-game-pages.tsx'),
  subjectPage('/:subject/chapters', 'src/features/learn/chapters-page.tsx'),
  subjectPage('/:subject/:chapter/topics', 'src/features/learn/island-page.tsx'),
  subjectPage('/:subject/:chapter/:topic/concept', 'src/features/learn/concept-page.tsx'),
  // The topic game carries no Mantine (its result screen loads it once the student plays).
  {
    pattern: '/:subject/:chapter/:topic/play',
    modules: ['src/features/learn/play-page.tsx', LEARN, JOURNEY, SUBJECT_DATA],
    fetches: SUBJECT_FETCHES,
  },
];

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

/** Files to fetch early, in the order they should start. */
export interface PreloadFiles {
  scripts: string[];
  styles: string[];
}

/**
 * What the server reads from dist/preload-hints.json. The entry's files come first in every header:
 * over HTTP/1.1 the browser starts preloads in the order it learns of them, and the entry (which
 * starts /me and the page's requests) must not queue behind the page's chunks.
 */
export interface PreloadHints {
  entry: PreloadFiles;
  routes: (PreloadFiles & { pattern: string; fetches?: string[] })[];
}

function closure(manifest: Manifest, key: string, scripts: Set<string>, styles: Set<string>): void {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`route preloads: ${key} is not in the build manifest`);
  if (scripts.has(chunk.file)) return;
  scripts.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, scripts, styles);
}

export function preloadHints(manifest: Manifest, routes: PreloadRoute[] = PRELOAD_ROUTES): PreloadHints {
  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('route preloads: the build manifest has no entry');
  const preloaded = new Set<string>();
  const entryStyles = new Set<string>();
  closure(manifest, entryKey, preloaded, entryStyles);
  return {
    entry: { scripts: [...preloaded].filter((file) => file.endsWith('.js')), styles: [...entryStyles] },
    routes: routes.map(({ pattern, modules, fetches }) => {
      const scripts = new Set<string>();
      const styles = new Set<string>();
      for (const key of modules) closure(manifest, key, scripts, styles);
      return {
        pattern,
        scripts: [...scripts].filter((file) => !preloaded.has(file) && file.endsWith('.js')),
        styles: [...styles].filter((file) => !entryStyles.has(file)),
        ...(fetches ? { fetches } : {}),
      };
    }),
  };
}
