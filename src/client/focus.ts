/**
 * The keyboard's focus where a control that held it goes away or is disabled (a button giving way
 * to a progress bar, a form's fields disabled while it is sent, a dialog's opener gone with the
 * change it made): the browser drops it to the page's body, from where Tab starts over at the top
 * and a screen reader is told nothing.
 */

/** Whether the focus is nowhere: on the page's body, as when the element that had it went away. */
export function focusIsLost(): boolean {
  return !document.activeElement || document.activeElement === document.body;
}

/** Gives `target` the focus only if it is lost (`focusIsLost`): a focus moved elsewhere meanwhile is left alone. */
export function takeLostFocus(target: HTMLElement | null | undefined): void {
  if (target && focusIsLost()) target.focus();
}

/**
 * Moves the keyboard's focus to `target` without scrolling (a container is made focusable by script
 * only): after a jump to a section or another page, the next Tab starts there and a screen reader
 * reads where it landed, instead of staying on the button or link far behind.
 */
export function focusWithoutScroll(target: HTMLElement): void {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}
