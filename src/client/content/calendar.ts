import { RANGE_PROBLEMS, type DayBlock } from '../../shared/calendar';
import { messageTree } from '../../shared/i18n/catalog';
import type en from './calendar.en';

/** The rental calendar's copy, in the page's language (calendar.en.ts, calendar.fil.ts). */
export const calendarCopy = messageTree<typeof en>('calendar');

/** Why a day cannot be chosen: the booking rules' own message for a day too far ahead or a rental too long. */
export function refusedMessage(block: DayBlock): string {
  return block === 'tooFar' || block === 'tooLong' ? RANGE_PROBLEMS[block].message : calendarCopy.refused[block];
}
