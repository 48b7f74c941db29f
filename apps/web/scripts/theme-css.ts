// Writes src/app/theme-variables.css from the theme (src/app/theme-css.ts). Run after changing
// src/app/theme.ts: `npx tsx scripts/theme-css.ts` in apps/web. A unit test fails while it is stale.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { themeCss } from '../src/app/theme-css';

writeFileSync(join(import.meta.dirname, '../src/app/theme-variables.css'), themeCss());
