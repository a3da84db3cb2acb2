import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Drawer.css';

/** Mantine's Drawer (with its scroll area, focus trap and scroll lock), in the chunk the phone menu loads when first opened. */
export { Drawer as default } from '@mantine/core';
