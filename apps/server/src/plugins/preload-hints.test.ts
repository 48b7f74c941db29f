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
