import { MantineProvider } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { createColorSchemeManager, theme } from './theme';
// Only the @mantine/core sheets of components the app uses (generated: scripts/mantine-styles.mjs).
import './mantine-styles';
import '@mantine/notifications/styles.css';

/**
 * The Mantine provider a page (or the profile menu, or the toasts) brings with its own code: the
 * learner's shell and home page carry no Mantine, so a phone's first download does not either
 * (docs/PERFORMANCE.md, "A Mantine-free first load"). The theme's CSS variables are a static sheet
 * (theme-variables.css), so providers do not inject them; the colour scheme is the app's one value
 * (lib/color-scheme.ts).
 */
export function MantineRoot({ children }: { children: ReactNode }) {
  const [manager] = useState(createColorSchemeManager);
  return (
    <MantineProvider theme={theme} colorSchemeManager={manager} defaultColorScheme="light" withCssVariables={false}>
      {children}
    </MantineProvider>
  );
}
