import '@mantine/core/styles/Tooltip.css';

/** Mantine's Tooltip and its positioning engine (floating-ui), in the chunk Hint loads on demand. */
export { Tooltip as default } from '@mantine/core';
