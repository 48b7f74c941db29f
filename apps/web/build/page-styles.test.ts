import { describe, expect, it } from 'vitest';
import { preloadStyles } from './page-styles';

const built = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-c.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>`;

describe('preloadStyles', () => {
  it('turns the style sheet into a preload ahead of the script preloads and keeps everything else in order', () => {
    expect(preloadStyles(built)).toBe(`<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="preload" as="style" data-ki-styles crossorigin href="/assets/index-d.css">
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-c.js">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>`);
  });

  it('puts it at the end of the head when there are no script preloads', () => {
    const noPreloads = built.replace(/^.*modulepreload.*\n/gm, '');
    expect(preloadStyles(noPreloads)).toContain(
      '<link rel="manifest" href="/manifest.webmanifest">\n    <link rel="preload" as="style" data-ki-styles crossorigin href="/assets/index-d.css">\n  </head>',
    );
  });

  it('leaves a page without style sheets as it is', () => {
    const noSheets = built.replace(/^.*stylesheet.*\n/gm, '');
    expect(preloadStyles(noSheets)).toBe(noSheets);
  });
});
