import { createTheme, type MantineColorsTuple } from '@mantine/core';

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
  primaryShade: { light: 8, dark: 6 },
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
