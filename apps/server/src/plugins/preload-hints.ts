import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';

/**
 * Route-aware preloads for the app page (written by the web build: apps/web/build/route-preloads.ts).
 * For a URL that matches one of the build's route patterns, the app page is sent with a `Link`
 * header naming the entry's files and then that page's chunks, strings and styles, so a phone
 * downloads them beside the entry instead of after it has run. A build without the file, or a file
 * that does not parse, simply gives no header.
 */
const files = z.object({ scripts: z.array(z.string()), styles: z.array(z.string()) });
const hintsSchema = z.object({ entry: files, routes: z.array(files.extend({ pattern: z.string() })) });

export type LinkHeaderFor = (path: string) => string | undefined;

const ASSET = /^assets\/[\w.-]+\.(js|css)$/;

function patternRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^${segments.join('/')}/?$`);
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
  }));
  return (path) => routes.find((route) => route.test.test(path))?.header;
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
