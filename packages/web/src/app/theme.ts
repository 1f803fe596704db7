import { createTheme, DEFAULT_THEME, type MantineColorsTuple } from '@mantine/core';

/** A Mantine palette with its darker shades replaced (index 6 upwards as given). */
const withDarkShades = (base: MantineColorsTuple, dark: string[]): MantineColorsTuple =>
  [...base.slice(0, 10 - dark.length), ...dark] as unknown as MantineColorsTuple;

/**
 * WCAG 2.2 AA (4.5:1) for status text. Mantine's green 9 (#2b8a3e, "Gegeven" button 4.4:1),
 * orange 9 (#d9480f, 4.3:1) and the dimmed gray 6 (#868e96, 3.3:1) are too light to carry text,
 * and its light variants and filled buttons use exactly those shades. The darker shades 7–9 below
 * give 5.5–8:1 on white, on the light tints and on striped rows; shades 0–6 (backgrounds, borders)
 * are Mantine's. The spec's status colours (charts, swatches) do not come from these palettes.
 */
const colors = {
  green: withDarkShades(DEFAULT_THEME.colors.green, ['#2b7a3b', '#237032', '#1b5e27']),
  orange: withDarkShades(DEFAULT_THEME.colors.orange, ['#c2500c', '#a8410c', '#923a0b']),
  red: withDarkShades(DEFAULT_THEME.colors.red, ['#c92a2a', '#b02525', '#962020']),
  gray: withDarkShades(DEFAULT_THEME.colors.gray, ['#676f77', '#495057', '#343a40', '#212529']),
};

/**
 * Mantine's default primary (blue 6, #228be6) reaches only 3.55:1 on white. Shade 8
 * (#1971c2) passes WCAG AA for normal text: 5.0:1 on white, 4.8:1 on gray.0.
 */
export const theme = createTheme({
  colors,
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  // Users who ask their system for less motion (WCAG 2.3.3) get dialogs, menus and toasts without transitions.
  respectReducedMotion: true,
  defaultRadius: 'sm',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // A long badge (a name, a time span) wraps on a narrow card instead of being cut off.
    // Plain objects, not `Badge.extend(...)`: importing a component for its `extend` would put it
    // (and what it imports) into the first page's scripts.
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: { whiteSpace: 'normal', overflow: 'visible' },
      },
    },
    // The default dimmed toast text (#868e96, 3.3:1) is too light to read; use the body text colour.
    Notification: { styles: { description: { color: 'var(--mantine-color-text)' } } },
  },
});
