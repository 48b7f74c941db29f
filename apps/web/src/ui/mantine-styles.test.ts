import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module script without type declarations
import { mantineStylesModule } from '../../scripts/mantine-styles.mjs';

describe('mantine-styles.ts', () => {
  const current = readFileSync(join(import.meta.dirname, 'mantine-styles.ts'), 'utf8');
  const imported = (text: string) => [...text.matchAll(/styles\/([\w-]+\.css)/g)].map((m) => m[1]);

  it('imports the sheets of every @mantine/core component the app uses (re-run scripts/mantine-styles.mjs)', () => {
    expect(current).toBe((mantineStylesModule as () => string)());
  });

  it('follows components to the sheets they are built from, in styles.css order', () => {
    const sheets = imported(current);
    // Select has no sheet of its own: it is Combobox, Input and Popover underneath.
    for (const s of ['Combobox.css', 'Input.css', 'Popover.css', 'InlineInput.css', 'Button.css', 'UnstyledButton.css'])
      expect(sheets).toContain(s);
    // The global sheets are the entry's (main.tsx), before any page.
    for (const s of ['baseline.css', 'default-css-variables.css', 'global.css']) expect(sheets).not.toContain(s);
    expect(sheets.indexOf('Input.css')).toBeLessThan(sheets.indexOf('PillsInput.css'));
    // Never used here: the file is a selection, not all of styles.css.
    for (const s of ['AngleSlider.css', 'ColorPicker.css', 'Stepper.css', 'Timeline.css'])
      expect(sheets).not.toContain(s);
  });
});
