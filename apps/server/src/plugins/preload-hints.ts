import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Route-aware preloads for the app page (written by the web build: apps/web/build/route-preloads.ts).
 * For a URL that matches one of the build's route patterns, the app page is sent with a `Link`
 * header naming the entry's files and then that page's chunks, strings and styles, so a phone
 * downloads them beside the entry instead of after it has run. For a signed-in visitor (a session
 * cookie) it also names the API answers the page draws from (`fetches`, with the URL's segments in
 * place of the pattern's `:name`s), so they come beside the code rather than after it has run and
 * asked: a subject's content for the subject pages and games. A build without the file, or a file
 * that does not parse, simply gives no header.
 */
const files = z.object({ scripts: z.array(z.string()), styles: z.array(z.string()) });
const hintsSchema = z.object({
  entry: files,
  routes: z.array(files.extend({ pattern: z.string(), fetches: z.array(z.string()).optional() })),
});

export type LinkHeaderFor = (path: string, visitor?: { signedIn: boolean }) => string | undefined;

const ASSET = /^assets\/[\w.-]+\.(js|css)$/;
/** An API path to preload: /api/v1/ and plain segments or `:name`s. */
const FETCH = /^\/api\/v1(\/([\w-]+|:\w+))+$/;
/** A URL segment put into a preloaded API path: unreserved characters only, nothing a header could be broken with. */
const PLAIN_SEGMENT = /^[\w.~-]+$/;

function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? `(?<${segment.slice(1)}>[^/]+)` : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
  return new RegExp(`^${segments.join('/')}/?$`);
}

/** The API path with the URL's segments for its `:name`s; undefined when one is missing or not plain. */
function fillFetch(template: string, params: Record<string, string>): string | undefined {
  let ok = true;
  const path = template.replace(/:(\w+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || !PLAIN_SEGMENT.test(value)) ok = false;
    return value ?? '';
  });
  return ok ? path : undefined;
}

export function linkHeaders(hints: z.infer<typeof hintsSchema>): LinkHeaderFor {
  const link = ({ scripts, styles }: z.infer<typeof files>) => [
    // The app applies its sheets in CORS mode (Vite's loader and src/lib/page-styles.ts, as index.html's
    // own links): a preload without `crossorigin` would not be used, and the sheet would be fetched again.
    ...styles.filter((f) => ASSET.test(f)).map((f) => `</${f}>; rel=preload; as=style; crossorigin`),
    ...scripts.filter((f) => ASSET.test(f)).map((f) => `</${f}>; rel=modulepreload`),
  ];
  const entry = link(hints.entry);
  const routes = hints.routes.map((route) => ({
    test: patternRegExp(route.pattern),
    header: [...entry, ...link(route)].join(', '),
    fetches: (route.fetches ?? []).filter((f) => FETCH.test(f)),
  }));
  return (path, visitor) => {
    for (const route of routes) {
      const match = route.test.exec(path);
      if (!match) continue;
      if (!visitor?.signedIn || route.fetches.length === 0) return route.header;
      // Fetched as the app fetches them (same origin, with the session cookie), so the page is given them.
      const answers = route.fetches
        .map((template) => fillFetch(template, match.groups ?? {}))
        .filter((f) => f !== undefined)
        .map((f) => `<${f}>; rel=preload; as=fetch; crossorigin=anonymous`);
      return [route.header, ...answers].filter(Boolean).join(', ');
    }
    return undefined;
  };
}

export function loadPreloadHints(distDir: string): LinkHeaderFor {
  const file = join(distDir, 'preload-hints.json');
  if (!existsSync(file)) return () => undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return () => undefined;
  }
  const parsed = hintsSchema.safeParse(json);
  return parsed.success ? linkHeaders(parsed.data) : () => undefined;
}
