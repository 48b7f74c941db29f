import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadPreloadHints } from './preload-hints';

const dist = (content?: string) => {
  const dir = mkdtempSync(join(tmpdir(), 'ki-hints-'));
  if (content !== undefined) writeFileSync(join(dir, 'preload-hints.json'), content);
  return dir;
};

describe('loadPreloadHints', () => {
  it('gives no header for a build without hints, or with a file that does not parse', () => {
    expect(loadPreloadHints(dist())('/concepts')).toBeUndefined();
    expect(loadPreloadHints(dist('{ not json'))('/concepts')).toBeUndefined();
    expect(loadPreloadHints(dist('{"routes": 3}'))('/concepts')).toBeUndefined();
  });

  it('matches a pattern segment by segment, literal parts literally', () => {
    const hints = JSON.stringify({
      entry: { scripts: [], styles: [] },
      routes: [
        { pattern: '/revise/:subject/:chapter', scripts: ['assets/revise.js'], styles: [] },
        { pattern: '/:subject/chapters', scripts: ['assets/chapters.js'], styles: [] },
      ],
    });
    const linkFor = loadPreloadHints(dist(hints));
    expect(linkFor('/revise/science/light')).toBe('</assets/revise.js>; rel=modulepreload');
    expect(linkFor('/science/chapters/')).toBe('</assets/chapters.js>; rel=modulepreload');
    expect(linkFor('/science/chaptersX')).toBeUndefined();
    expect(linkFor('/revise/science')).toBeUndefined();
  });
});

describe('API answers preloaded with a page', () => {
  const hints = JSON.stringify({
    entry: { scripts: ['assets/index.js'], styles: [] },
    routes: [
      {
        pattern: '/:subject/:chapter/:topic/play',
        scripts: ['assets/play.js'],
        styles: [],
        fetches: ['/api/v1/learn/subjects/:subject/bundle', '/api/v1/learn/:missing', 'https://elsewhere.example/x'],
      },
    ],
  });
  const linkFor = loadPreloadHints(dist(hints));
  const bundle = '</api/v1/learn/subjects/science/bundle>; rel=preload; as=fetch; crossorigin=anonymous';

  it("names the page's API answer, with the URL's segment, for a signed-in visitor only", () => {
    const files = '</assets/index.js>; rel=modulepreload, </assets/play.js>; rel=modulepreload';
    expect(linkFor('/science/light/mirrors/play', { signedIn: true })).toBe(`${files}, ${bundle}`);
    expect(linkFor('/science/light/mirrors/play', { signedIn: false })).toBe(files);
    expect(linkFor('/science/light/mirrors/play')).toBe(files);
  });

  it('puts nothing into the header but plain segments, and no path the build did not give as /api/v1', () => {
    // Encoded characters (a quote, a comma, angle brackets) could end the link or start another one.
    const header = linkFor('/sci%3E%2C%20%3Cx/light/mirrors/play', { signedIn: true })!;
    expect(header).not.toContain('as=fetch');
    expect(linkFor('/science/light/mirrors/play', { signedIn: true })).not.toContain('elsewhere');
    expect(linkFor('/science/light/mirrors/play', { signedIn: true })).not.toContain(':missing');
  });
});
