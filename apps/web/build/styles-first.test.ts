import { describe, expect, it } from 'vitest';
import { stylesFirst } from './styles-first';

const built = `<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-c.js">
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>`;

describe('stylesFirst', () => {
  it('moves the style sheet ahead of the first script preload and keeps everything else in order', () => {
    expect(stylesFirst(built)).toBe(`<head>
    <script type="module" crossorigin src="/assets/index-a.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-d.css">
    <link rel="modulepreload" crossorigin href="/assets/runtime-b.js">
    <link rel="modulepreload" crossorigin href="/assets/Box-c.js">
    <link rel="manifest" href="/manifest.webmanifest">
  </head>`);
  });

  it('leaves a page without preloads or without style sheets as it is', () => {
    const noPreloads = built.replace(/^.*modulepreload.*\n/gm, '');
    expect(stylesFirst(noPreloads)).toBe(noPreloads);
    const noSheets = built.replace(/^.*stylesheet.*\n/gm, '');
    expect(stylesFirst(noSheets)).toBe(noSheets);
  });
});
