import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeCss } from './theme-css';

describe('theme-variables.css', () => {
  const current = readFileSync(join(import.meta.dirname, 'theme-variables.css'), 'utf8');

  it('holds the theme of theme.ts (re-run `npx tsx scripts/theme-css.ts` in apps/web)', () => {
    expect(current).toBe(themeCss());
  });

  it("carries what differs from Mantine's defaults: the primary colour, the fonts and the contrast fixes", () => {
    expect(current).toContain('--mantine-primary-color-filled: var(--mantine-color-cyan-filled)');
    expect(current).toContain('"Noto Sans Devanagari"');
    expect(current).toMatch(/\[data-mantine-color-scheme="light"\][^}]*--mantine-color-dimmed: #495057/);
    expect(current).toMatch(/\[data-mantine-color-scheme="light"\][^}]*--mantine-color-error: #c92a2a/);
    // Left to default-css-variables.css, which sets the same value.
    expect(current).not.toContain('--mantine-color-blue-0:');
  });
});
