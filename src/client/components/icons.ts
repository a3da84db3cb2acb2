/**
 * Tabler's chevrons under the path the booking calendar (RentalCalendar.tsx) imports them from;
 * every other icon is imported from '@tabler/icons-react' where it is used. Nothing else may
 * import this module: it goes with the calendar's move to @mantine/dates.
 */
export { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
