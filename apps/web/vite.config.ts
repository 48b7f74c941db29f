import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { shiftMapFile, shiftMappings, wantsCompileHint, withCompileHint } from './build/compile-hints';
import { preloadStyles } from './build/page-styles';
import { preloadHints } from './build/route-preloads';

/** The built page's style sheets are preloaded first and applied by the app (build/page-styles.ts). */
const pageStylesPlugin = (): Plugin => ({
  name: 'ki-page-styles',
  apply: 'build',
  transformIndexHtml: { order: 'post', handler: preloadStyles },
});

/** dist/preload-hints.json: the files the server names in Link headers per route (build/route-preloads.ts). */
const routePreloadsPlugin = (): Plugin => ({
  name: 'ki-route-preloads',
  apply: 'build',
  writeBundle: {
    order: 'post',
    handler(options) {
      const dir = options.dir ?? 'dist';
      const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
      writeFileSync(join(dir, 'preload-hints.json'), `${JSON.stringify(preloadHints(manifest), null, 1)}\n`);
    },
  },
});

/**
 * Each chunk of 2 KB or more begins with V8's compile hint (build/compile-hints.ts). Last of the
 * chunk's changes (after Vite's preload helper has gone in at its top), with its source map moved
 * down by the line.
 */
const compileHintsPlugin = (): Plugin => ({
  name: 'ki-compile-hints',
  apply: 'build',
  enforce: 'post',
  generateBundle: {
    order: 'post',
    handler(_options, bundle) {
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !wantsCompileHint(chunk.code)) continue;
        chunk.code = withCompileHint(chunk.code);
        if (chunk.map) chunk.map.mappings = shiftMappings(chunk.map.mappings);
        const mapFile = bundle[`${chunk.fileName}.map`];
        if (mapFile?.type === 'asset') mapFile.source = shiftMapFile(String(mapFile.source));
      }
    },
  },
});

const API_TARGET = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * React Router's package exports name only its development build (`ENABLE_DEV_WARNINGS = true`,
 * deprecation checks on every navigation); its own framework plugin swaps in the production build,
 * which this app, using the library directly, must do itself. Same API, same files, minus the warnings.
 */
const reactRouterDist = join(
  dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);
const productionReactRouter = [
  { find: /^react-router$/, replacement: join(reactRouterDist, 'index.mjs') },
  { find: /^react-router\/dom$/, replacement: join(reactRouterDist, 'dom-export.mjs') },
];

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    pageStylesPlugin(),
    routePreloadsPlugin(),
    compileHintsPlugin(),
    VitePWA({
      registerType: 'autoUpdate',
      injectRegister: false,
      includeAssets: ['icon.svg'],
      manifest: {
        name: 'Knowledge Islands',
        short_name: 'Knowledge Islands',
        description: 'Learn subjects as islands; school learning analytics.',
        theme_color: '#0b7285',
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        icons: [
          { src: '/icon.svg', sizes: 'any', type: 'image/svg+xml', purpose: 'any' },
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
        ],
      },
      workbox: {
        // The shell and the learner's pages are precached: the app opens offline after one visit.
        // Staff-only pages (dashboards, charts) are cached when first opened, so a student's phone
        // never downloads them.
        globPatterns: ['**/*.{js,css,html,svg,png,woff2}'],
        globIgnores: [
          '**/dashboard-page-*',
          '**/student-list-page-*',
          '**/subject-detail-page-*',
          '**/select-school-page-*',
          // KaTeX's fonts (about 20 files) are fetched by the pages with a formula and kept by the
          // runtime cache below; its code is precached, so a formula offline draws with the system's fonts.
          '**/KaTeX_*',
        ],
        runtimeCaching: [
          {
            urlPattern: ({ url }) => url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: { cacheName: 'ki-assets', expiration: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 60 } },
          },
        ],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  server: { port: 5173, proxy: { '/api': API_TARGET } },
  // The manifest feeds the per-route JavaScript budget (scripts/check-bundle.mjs).
  build: {
    outDir: 'dist',
    sourcemap: true,
    chunkSizeWarningLimit: 600,
    manifest: true,
    // File names carry 7 characters of content hash, not Vite's 8: the entry lists every lazy file
    // (its preload map) and each chunk names those it imports, so the shorter name is 0.3-0.8 KB of
    // gzip off every page's first load. Rolldown refuses a hash too short to keep the names apart
    // (6 is refused today); should it ever ask for more, give it what it asks.
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
      },
    },
  },
  resolve: { alias: command === 'build' ? productionReactRouter : [] },
}));
