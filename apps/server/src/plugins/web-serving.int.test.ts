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

  it('answers a missing asset with 404, never the app page', async () => {
    const res = await get('/assets/app-old.js');
    expect(res.statusCode).toBe(404);
  });
});
