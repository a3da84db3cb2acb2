// @mantine/dates ships one stylesheet; imported here, it lands in the chunks that show a calendar only.
import '@mantine/dates/styles.css';
import { DatePicker, DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import {
  calendarPhase,
  isBooked,
  lastReturnDay,
  refusalOf,
  selectDate,
  type BookedRange,
  type DateSelection,
  type DayBlock,
} from '../../../shared/calendar';
import { dayjsLocale, formatDate } from '../../../shared/dates';
import { calendarCopy as c } from '../../content/calendar';
import classes from './RangeDatePicker.module.css';

/**
 * Weeks start on Sunday, and every month shows six week rows, so the calendar never changes
 * height; month and weekday names are the page's language's.
 */
const datesSettings = (): DatesProviderSettings => ({ firstDayOfWeek: 0, consistentWeeks: true, locale: dayjsLocale() });

export interface RangeDatePickerProps {
  /** The garage's today (Asia/Manila). */
  today: string;
  /** Days already taken (none for a search across the fleet). */
  booked: readonly BookedRange[];
  value: DateSelection;
  onChange: (selection: DateSelection) => void;
  /** Why the last click was refused, or null when it was taken. */
  onRefuse: (block: DayBlock | null) => void;
  columns: 1 | 2;
}

/**
 * Mantine's range DatePicker, controlled, with every click going through `selectDate` so the
 * booking rules stay in shared/calendar.ts: the booking form's calendar and the date search use
 * it alike. Booked and past days are disabled; days a click would refuse (too far ahead, too long a
 * rental, over booked days) are marked. Mantine moves between days with the arrow keys.
 * https://mantine.dev/dates/date-picker/
 */
export function RangeDatePicker({ today, booked, value, onChange, onRefuse, columns }: RangeDatePickerProps) {
  const { pickupDate, returnDate } = value;
  const rules = { today, booked };
  const inRange = (date: string) => !!pickupDate && !!returnDate && date > pickupDate && date < returnDate;
  const inSelection = (date: string) => date === pickupDate || date === returnDate || inRange(date);
  const dayLabel = (date: string, refusal: DayBlock | null) => {
    const states: string[] = [];
    if (date === pickupDate) states.push(c.dayStates.pickup);
    if (date === returnDate) states.push(c.dayStates.return);
    if (inRange(date)) states.push(c.dayStates.inRange);
    if (date === today) states.push(c.dayStates.today);
    if (refusal) states.push(c.dayStates[refusal]);
    const day = formatDate(date, c.dayFormat);
    return states.length ? c.dayLabel({ day, states: states.join(', ') }) : day;
  };

  const choose = (date: string) => {
    const outcome = selectDate(value, date, rules);
    onRefuse(outcome.refused);
    if (!outcome.refused) onChange(outcome.selection);
  };

  return (
    <div className={classes.root} data-phase={calendarPhase(value)}>
      <DatesProvider settings={datesSettings()}>
        <DatePicker
          type="range"
          value={[pickupDate, returnDate]}
          defaultDate={pickupDate ?? today}
          minDate={today}
          maxDate={lastReturnDay(today)}
          excludeDate={(date) => isBooked(date, booked)}
          getDayProps={(date) => ({
            onClick: () => choose(date),
            'data-date': date,
            'aria-pressed': inSelection(date),
            // Mantine marks the browser's own today (data-today, which an undefined here cannot
            // unset: its props drop undefined values); the ring marks the garage's, Manila's.
            'data-garage-today': date === today || undefined,
            'data-block': refusalOf(value, date, rules) ?? undefined,
          })}
          getDayAriaLabel={(date) => dayLabel(date, refusalOf(value, date, rules))}
          numberOfColumns={columns}
          columnsToScroll={1}
          hideOutsideDates
          maxLevel="year"
          weekendDays={[]}
          size="md"
          fullWidth
          monthLabelFormat={c.monthFormat}
          weekdayFormat={c.weekdayFormat}
          previousIcon={<IconChevronLeft size={18} stroke={2} aria-hidden />}
          nextIcon={<IconChevronRight size={18} stroke={2} aria-hidden />}
          ariaLabels={{ previousMonth: c.previous, nextMonth: c.next, previousYear: c.previousYear, nextYear: c.nextYear }}
          classNames={{ levelsGroup: classes.months, calendarHeader: classes.header, calendarHeaderLevel: classes.level, monthCell: classes.cell, weekday: classes.weekday, day: classes.day }}
        />
      </DatesProvider>
    </div>
  );
}
