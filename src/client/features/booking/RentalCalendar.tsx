// @mantine/dates ships one stylesheet; imported here, it lands in the booking form's chunk only.
import '@mantine/dates/styles.css';
import { Alert, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { DatePicker, DatesProvider, type DatesProviderSettings } from '@mantine/dates';
import { useElementSize } from '@mantine/hooks';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import {
  EMPTY_SELECTION,
  calendarPhase,
  isBooked,
  lastReturnDay,
  refusalOf,
  selectDate,
  type BookedRange,
  type DateSelection,
  type DayBlock,
} from '../../../shared/calendar';
import { daysBetween, formatDate, formatLongDate } from '../../../shared/dates';
import { MAX_RENTAL_DAYS } from '../../../shared/schemas/booking.schema';
import { bookingFormCopy } from '../../content/bookingForm';
import classes from './RentalCalendar.module.css';

const c = bookingFormCopy.calendar;

/** Weeks start on Sunday, and every month shows six week rows, so the card never changes height. */
const DATES_SETTINGS: DatesProviderSettings = { firstDayOfWeek: 0, consistentWeeks: true };

/** The legend's sample days, drawn like the calendar's own. */
const LEGEND = [
  { kind: 'booked', sample: 7 },
  { kind: 'selected', sample: 12 },
  { kind: 'past', sample: 3 },
] as const;

/** Below this width (px) of the card one month fits; above it two, side by side. */
const TWO_MONTHS_WIDTH = 600;

interface RentalCalendarProps {
  today: string;
  booked: readonly BookedRange[];
  loading?: boolean;
  failed?: boolean;
  value: DateSelection;
  onChange: (selection: DateSelection) => void;
  /** A validation message for the dates (required, no longer free). */
  error?: string | null;
}

/**
 * The rental calendar: Mantine's range DatePicker, controlled, with every click going through
 * `selectDate` so the booking rules stay in shared/calendar.ts. Booked and past days are disabled;
 * days a click would refuse (too far ahead, too long a rental, over booked days) are marked and,
 * when clicked, say why. Mantine moves between days with the arrow keys.
 * https://mantine.dev/dates/date-picker/
 */
export function RentalCalendar({ today, booked, loading = false, failed = false, value, onChange, error }: RentalCalendarProps) {
  const [refused, setRefused] = useState<DayBlock | null>(null);
  const { ref, width } = useElementSize();
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
    return c.dayLabel(formatDate(date, c.dayFormat), states);
  };

  const choose = (date: string) => {
    const outcome = selectDate(value, date, rules);
    setRefused(outcome.refused);
    if (!outcome.refused) onChange(outcome.selection);
  };

  const clear = () => {
    setRefused(null);
    onChange(EMPTY_SELECTION);
  };

  const phase = calendarPhase(value);
  const duration = pickupDate && returnDate ? daysBetween(pickupDate, returnDate) : 0;
  const message = refused === 'tooLong' ? c.refused.tooLong(MAX_RENTAL_DAYS) : refused ? c.refused[refused] : (error ?? null);

  return (
    <Card p={{ base: 'sm', sm: 'lg' }} className={classes.card} data-phase={phase} data-testid="rental-calendar">
      <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={4} size="h5">
            {c.title}
          </Title>
          {loading ? <Loader size="xs" aria-label={c.loading} /> : null}
        </Group>
        <Text size="sm" fw={700} className={classes.prompt} aria-live="polite" data-testid="calendar-prompt">
          {phase === 'pickup' ? c.selectPickup : c.selectReturn}
        </Text>
      </Group>

      <div ref={ref}>
        <DatesProvider settings={DATES_SETTINGS}>
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
              // Mantine's own "today" is the browser's; the garage's is Manila's.
              'data-today': date === today || undefined,
              'data-block': refusalOf(value, date, rules) ?? undefined,
            })}
            getDayAriaLabel={(date) => dayLabel(date, refusalOf(value, date, rules))}
            numberOfColumns={width >= TWO_MONTHS_WIDTH ? 2 : 1}
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

      <Group gap="lg" mt="md" className={classes.legend} aria-hidden="true">
        {LEGEND.map(({ kind, sample }) => (
          <span key={kind}>
            <i className={classes.chip} data-kind={kind}>
              {sample}
            </i>
            {c.legend[kind]}
          </span>
        ))}
      </Group>

      <div role="status" aria-live="polite">
        {message ? (
          <Alert color="red" variant="light" mt="md" p="xs" data-testid="calendar-message">
            <Text size="sm">{message}</Text>
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" mt="md" p="xs">
            <Text size="sm">{c.loadFailed}</Text>
          </Alert>
        ) : null}
      </div>

      <div className={classes.summary} data-testid="calendar-summary">
        <dl className={classes.figures}>
          <div className={classes.figure}>
            <dt>{c.pickup}</dt>
            <dd data-testid="summary-pickup">{pickupDate ? formatLongDate(pickupDate) : c.notChosen}</dd>
          </div>
          <div className={classes.figure}>
            <dt>{c.return}</dt>
            <dd data-testid="summary-return">{returnDate ? formatLongDate(returnDate) : c.notChosen}</dd>
          </div>
          <div className={classes.figure}>
            <dt>{c.duration}</dt>
            <dd data-testid="summary-duration">{duration > 0 ? c.days(duration) : '—'}</dd>
          </div>
        </dl>
        {pickupDate ? (
          <Button variant="subtle" size="compact-sm" onClick={clear} className={classes.clear}>
            {c.clear}
          </Button>
        ) : null}
      </div>
    </Card>
  );
}
