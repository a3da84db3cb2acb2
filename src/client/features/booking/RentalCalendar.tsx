import { ActionIcon, Alert, Card, Group, Loader, SimpleGrid, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  calendarPhase,
  dayBlock,
  lastPickupDay,
  monthGrid,
  monthOf,
  sameDayIn,
  selectDate,
  shiftMonth,
  type BookedRange,
  type DateSelection,
  type DayBlock,
} from '../../../shared/calendar';
import { addDays, daysBetween, formatLongDate, monthName, weekday } from '../../../shared/dates';
import { MAX_RENTAL_DAYS } from '../../../shared/schemas/booking.schema';
import { IconChevronLeft, IconChevronRight } from '../../components/icons';
import { bookingFormCopy } from '../../content/bookingForm';
import classes from './RentalCalendar.module.css';

const c = bookingFormCopy.calendar;

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

const KEY_STEPS: Record<string, number> = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 };

function dayLabel(date: string, states: string[]): string {
  const [, , d] = date.split('-');
  const name = `${c.weekdayNames[weekday(date)]}, ${monthName(Number(date.slice(5, 7)) - 1)} ${Number(d)}, ${date.slice(0, 4)}`;
  return states.length ? `${name} (${states.join(', ')})` : name;
}

/**
 * The rental calendar: a fixed six-week month grid starting on Sunday, booked and past days
 * marked and refused, the selection rules of `selectDate`, and a summary of the chosen dates.
 * Arrow keys move between days (Home/End: start/end of the week, Page Up/Down: months).
 */
export function RentalCalendar({ today, booked, loading = false, failed = false, value, onChange, error }: RentalCalendarProps) {
  const [month, setMonth] = useState(() => monthOf(value.pickupDate ?? today));
  const [focused, setFocused] = useState(() => value.pickupDate ?? today);
  const [refused, setRefused] = useState<DayBlock | null>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const moveFocus = useRef(false);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`[data-date="${focused}"]`)?.focus();
  }, [focused, month]);

  const phase = calendarPhase(value);
  const firstMonth = monthOf(today);
  const lastMonth = monthOf(addDays(lastPickupDay(today), 31));
  const days = monthGrid(month);
  const rules = { today, booked };

  const choose = (date: string) => {
    setFocused(date);
    const outcome = selectDate(value, date, rules);
    setRefused(outcome.refused);
    if (!outcome.refused) onChange(outcome.selection);
  };

  const goToMonth = (target: string) => {
    if (target < firstMonth || target > lastMonth) return;
    setMonth(target);
    setFocused(sameDayIn(target, Number(focused.slice(8))));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    let next: string | null = null;
    if (event.key in KEY_STEPS) next = addDays(focused, KEY_STEPS[event.key] ?? 0);
    else if (event.key === 'Home') next = addDays(focused, -weekday(focused));
    else if (event.key === 'End') next = addDays(focused, 6 - weekday(focused));
    else if (event.key === 'PageUp') next = sameDayIn(shiftMonth(focused, -1), Number(focused.slice(8)));
    else if (event.key === 'PageDown') next = sameDayIn(shiftMonth(focused, 1), Number(focused.slice(8)));
    if (!next) return;
    event.preventDefault();
    const target = monthOf(next);
    if (target < firstMonth || target > lastMonth) return;
    moveFocus.current = true;
    setFocused(next);
    if (target !== month) setMonth(target);
  };

  const tabStop = days.includes(focused) ? focused : (days.find((d) => monthOf(d) === month) ?? days[0]);
  const monthTitle = `${monthName(Number(month.slice(5, 7)) - 1)} ${month.slice(0, 4)}`;
  const duration = value.pickupDate && value.returnDate ? daysBetween(value.pickupDate, value.returnDate) : 0;
  const message = refused === 'tooLong' ? c.refused.tooLong(MAX_RENTAL_DAYS) : refused ? c.refused[refused] : (error ?? null);

  return (
    <Card p={{ base: 'sm', sm: 'lg' }} className={classes.card} data-testid="rental-calendar">
      <Group justify="space-between" align="center" mb="sm" wrap="wrap" gap="xs">
        <Title order={4} size="h5">
          {c.title}
        </Title>
        <Text size="sm" fw={600} c="var(--color-accent-text)" aria-live="polite" data-testid="calendar-prompt">
          {phase === 'pickup' ? c.selectPickup : c.selectReturn}
        </Text>
      </Group>

      <Group justify="space-between" align="center" mb="xs">
        <ActionIcon variant="default" size="lg" aria-label={c.previous} onClick={() => goToMonth(shiftMonth(month, -1))} disabled={month <= firstMonth}>
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Group gap={8}>
          <Text fw={700} aria-live="polite" id="calendar-month">
            {monthTitle}
          </Text>
          {loading ? <Loader size="xs" aria-label={c.loading} /> : null}
        </Group>
        <ActionIcon variant="default" size="lg" aria-label={c.next} onClick={() => goToMonth(shiftMonth(month, 1))} disabled={month >= lastMonth}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>

      <table className={classes.grid} ref={gridRef} aria-labelledby="calendar-month" onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {c.weekdays.map((day, i) => (
              <th key={day} scope="col" abbr={c.weekdayNames[i]}>
                {day}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {Array.from({ length: 6 }, (_, week) => (
            <tr key={week}>
              {days.slice(week * 7, week * 7 + 7).map((date) => {
                const asReturn = phase === 'return' && value.pickupDate !== null && date > value.pickupDate;
                const block = dayBlock(date, rules, asReturn ? 'return' : 'pickup', value.pickupDate);
                const isPickup = date === value.pickupDate;
                const isReturn = date === value.returnDate;
                const inRange = !!value.pickupDate && !!value.returnDate && date > value.pickupDate && date < value.returnDate;
                const states: string[] = [];
                if (isPickup) states.push(c.dayStates.pickup);
                if (isReturn) states.push(c.dayStates.return);
                if (inRange) states.push(c.dayStates.inRange);
                if (block) states.push(c.dayStates[block === 'overBooked' ? 'booked' : block]);
                return (
                  <td key={date}>
                    <button
                      type="button"
                      className={classes.day}
                      data-date={date}
                      data-outside={monthOf(date) !== month || undefined}
                      data-today={date === today || undefined}
                      data-block={block ?? undefined}
                      data-selected={isPickup || isReturn || undefined}
                      data-in-range={inRange || undefined}
                      aria-disabled={block ? true : undefined}
                      aria-pressed={isPickup || isReturn || inRange}
                      aria-label={dayLabel(date, states)}
                      tabIndex={date === tabStop ? 0 : -1}
                      onFocus={() => setFocused(date)}
                      onClick={() => choose(date)}
                    >
                      {Number(date.slice(8))}
                    </button>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>

      <Group gap="md" mt="sm" className={classes.legend} aria-hidden="true">
        <span>
          <i className={classes.swatchBooked} /> {c.legend.booked}
        </span>
        <span>
          <i className={classes.swatchSelected} /> {c.legend.selected}
        </span>
        <span>
          <i className={classes.swatchPast} /> {c.legend.past}
        </span>
      </Group>

      <div role="status" aria-live="polite">
        {message ? (
          <Alert color="red" variant="light" mt="sm" p="xs" data-testid="calendar-message">
            <Text size="sm">{message}</Text>
          </Alert>
        ) : null}
        {failed ? (
          <Alert color="red" variant="light" mt="sm" p="xs">
            <Text size="sm">{c.loadFailed}</Text>
          </Alert>
        ) : null}
      </div>

      <SimpleGrid cols={3} spacing="xs" mt="md" className={classes.summary} data-testid="calendar-summary">
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {c.pickup}
          </Text>
          <Text fw={600} size="sm" data-testid="summary-pickup">
            {value.pickupDate ? formatLongDate(value.pickupDate) : c.notChosen}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {c.return}
          </Text>
          <Text fw={600} size="sm" data-testid="summary-return">
            {value.returnDate ? formatLongDate(value.returnDate) : c.notChosen}
          </Text>
        </div>
        <div>
          <Text size="xs" c="dimmed" fw={600} tt="uppercase">
            {bookingFormCopy.confirmation.duration}
          </Text>
          <Text fw={600} size="sm">
            {duration > 0 ? c.duration(duration) : '—'}
          </Text>
        </div>
      </SimpleGrid>
    </Card>
  );
}
