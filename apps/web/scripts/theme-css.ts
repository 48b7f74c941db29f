// Writes src/ui/theme-variables.css from the theme (src/ui/theme-css.ts). Run after changing
// src/ui/theme.ts: `npx tsx scripts/theme-css.ts` in apps/web. A unit test fails while it is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { themeCss } from '../src/ui/theme-css';

writeFileSync(join(import.meta.dirname, '../src/ui/theme-variables.css'), themeCss());
