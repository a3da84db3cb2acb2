import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/** Lagoon teal, the colour of the water around the Hundred Islands. */
const lagoon: MantineColorsTuple = [
  '#e3fafc',
  '#c5f6fa',
  '#99e9f2',
  '#66d9e8',
  '#3bc9db',
  '#15aabf',
  '#1098ad',
  '#0c8599',
  '#0b7285',
  '#095c6b',
];

/** Warm sand, for accents. */
const sand: MantineColorsTuple = [
  '#fff8e6',
  '#fbeecd',
  '#f4e3c1',
  '#edd09a',
  '#e6be72',
  '#e0b058',
  '#dda84a',
  '#c4923b',
  '#ae8131',
  '#976e24',
];

const fontFamily =
  'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const theme = createTheme({
  primaryColor: 'lagoon',
  // Shade 8 carries white text at 5.6:1 in both schemes (WCAG AA); text in the accent colour uses
  // --color-accent-text below instead, which stays readable on dark backgrounds.
  primaryShade: { light: 8, dark: 8 },
  // Filled components pick black or white text by their background's luminance. 0.18 is where
  // both reach 4.5:1, so every filled colour (orange and teal badges too) gets readable text.
  autoContrast: true,
  luminanceThreshold: 0.18,
  colors: { lagoon, sand },
  fontFamily,
  headings: { fontFamily, fontWeight: '750' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'lg', withBorder: true } },
    Tooltip: { defaultProps: { openDelay: 700, withArrow: true } },
  },
});

/**
 * Colours Mantine leaves below WCAG AA contrast: its `dimmed` text (gray-6 is 3.3:1 on white,
 * dark-2 4.3:1 on dark-8) is darkened/lightened to at least 4.5:1 on every surface the site uses,
 * and so is its error text (red-6 is 3.3:1 on white). `--color-accent-text` is the accent for text
 * (prices, figures, the current page in the header): lagoon-8 on light surfaces, lagoon-4 on dark.
 * https://mantine.dev/styles/css-variables/#css-variables-resolver
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c646c',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--color-accent-text': 'var(--mantine-color-lagoon-8)',
  },
  dark: {
    '--mantine-color-dimmed': '#a6a6a6',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--color-accent-text': 'var(--mantine-color-lagoon-4)',
  },
});
