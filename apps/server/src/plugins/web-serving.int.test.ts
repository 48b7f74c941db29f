/**
 * The built web app as the server sends it: compressed copies (Brotli, else gzip) chosen by the
 * browser's Accept-Encoding, hashed assets cached for a year, the shell revalidated, and client routes
 * answered with the app page.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app';

let t: TestApp;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});\n`;

beforeAll(async () => {
  const dist = mkdtempSync(join(tmpdir(), 'ki-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Knowledge Islands</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets/app-abc123.js'), script);
  writeFileSync(join(dist, 'assets/app-abc123.js.br'), brotliCompressSync(script));
  writeFileSync(join(dist, 'assets/app-abc123.js.gz'), gzipSync(script));
  // What the web build writes (apps/web/build/route-preloads.ts), with one file that is not an asset.
  writeFileSync(
    join(dist, 'preload-hints.json'),
    JSON.stringify({
      entry: { scripts: ['assets/app-abc123.js'], styles: ['assets/app-abc123.css'] },
      routes: [
        { pattern: '/concepts', scripts: ['assets/home-1.js'], styles: [] },
        {
          pattern: '/:subject/:chapter/:topic/play',
          scripts: ['assets/play-1.js', 'assets/ui-2.js', '../secret.js'],
          styles: ['assets/play-1.css'],
          fetches: ['/api/v1/learn/subjects/:subject/bundle'],
        },
      ],
    }),
  );
  t = await buildTestApp({ SERVE_WEB: 'true', WEB_DIST_DIR: dist });
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('serving the web app', () => {
  it('sends the Brotli copy to browsers that accept it, else gzip, else the plain file', async () => {
    const br = await get('/assets/app-abc123.js', 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await get('/assets/app-abc123.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await get('/assets/app-abc123.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 10);
  });

  it('caches hashed assets for a year and revalidates the app page', async () => {
    expect((await get('/assets/app-abc123.js', 'br')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    const page = await get('/concepts');
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain('<div id="root">');
  });

  it("names a route's files in a Link header with the app page, the entry's first", async () => {
    const play = await get('/science/light/mirrors/play');
    expect(play.statusCode).toBe(200);
    expect(play.headers.link).toBe(
      [
        '</assets/app-abc123.css>; rel=preload; as=style; crossorigin',
        '</assets/app-abc123.js>; rel=modulepreload',
        '</assets/play-1.css>; rel=preload; as=style; crossorigin',
        '</assets/play-1.js>; rel=modulepreload',
        '</assets/ui-2.js>; rel=modulepreload',
      ].join(', '),
    );
    expect((await get('/concepts')).headers.link).toContain('</assets/home-1.js>; rel=modulepreload');
    // Other pages, a pattern with a segment too many, and API answers get none.
    expect((await get('/student-list')).headers.link).toBeUndefined();
    expect((await get('/science/light/mirrors/play/more')).headers.link).toBeUndefined();
    expect((await get('/api/v1/health')).headers.link).toBeUndefined();
  });

  it("asks a signed-in visitor's browser for the page's API answers too, never a signed-out one's", async () => {
    const page = (cookie?: string) =>
      t.app.inject({ method: 'GET', url: '/science/light/mirrors/play', headers: cookie ? { cookie } : {} });
    const signedIn = await page('ki_session=some-session');
    expect(signedIn.headers.link).toContain('</assets/play-1.js>; rel=modulepreload');
    expect(signedIn.headers.link).toMatch(
      /, <\/api\/v1\/learn\/subjects\/science\/bundle>; rel=preload; as=fetch; crossorigin=anonymous$/,
    );
    // Signed out (or another site's cookie): the page's files only.
    expect((await page()).headers.link).not.toContain('as=fetch');
    expect((await page('other=1')).headers.link).not.toContain('as=fetch');
  });

  it('answers a missing asset with 404, never the app page', async () => {
    const res = await get('/assets/app-old.js');
    expect(res.statusCode).toBe(404);
  });
});
