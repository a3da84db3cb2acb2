import { Alert, Button, Card, Group, Loader, Text, Title } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useId, useState, type ReactNode } from 'react';
import { EMPTY_SELECTION, calendarPhase, type BookedRange, type DateSelection, type DayBlock } from '../../../shared/calendar';
import { daysBetween, formatLongDate } from '../../../shared/dates';
import { calendarCopy as c, refusedMessage } from '../../content/calendar';
import { RangeDatePicker } from '../dates/RangeDatePicker';
import classes from './RentalCalendar.module.css';
import { dayCount } from '../../../shared/labels';

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
  /** The card's title; the booking form's by default. */
  title?: string;
  /** Shown under the dates (the car page's price and Book button). */
  footer?: ReactNode;
}

/**
 * The rental calendar: Mantine's range DatePicker, controlled, with every click going through
 * `selectDate` so the booking rules stay in shared/calendar.ts. Booked and past days are disabled;
 * days a click would refuse (too far ahead, too long a rental, over booked days) are marked and,
 * when clicked, say why. Mantine moves between days with the arrow keys.
 * https://mantine.dev/dates/date-picker/
 */
export function RentalCalendar({ today, booked, loading = false, failed = false, value, onChange, error, title = c.title, footer }: RentalCalendarProps) {
  const [refused, setRefused] = useState<DayBlock | null>(null);
  const { ref, width } = useElementSize();
  const { pickupDate, returnDate } = value;

  const clear = () => {
    setRefused(null);
    onChange(EMPTY_SELECTION);
  };

  const phase = calendarPhase(value);
  const duration = pickupDate && returnDate ? daysBetween(pickupDate, returnDate) : 0;
  const message = refused ? refusedMessage(refused) : (error ?? null);
  const titleId = useId();
  const messageId = useId();

  // A group named by its title and described by its message; with an error it is where a refused
  // form puts the focus (data-invalid), so a screen reader hears the dates are missing, and why.
  return (
    <Card
      p={{ base: 'sm', sm: 'lg' }}
      className={classes.card}
      data-phase={phase}
      data-testid="rental-calendar"
      role="group"
      aria-labelledby={titleId}
      aria-describedby={message ? messageId : undefined}
      data-invalid={error ? 'true' : undefined}
      tabIndex={error ? -1 : undefined}
    >
      <Group justify="space-between" align="center" mb="md" wrap="wrap" gap="xs">
        <Group gap="xs">
          <Title order={4} size="h5" id={titleId}>
            {title}
          </Title>
          {loading ? <Loader size="xs" aria-label={c.loading} /> : null}
        </Group>
        <Text size="sm" fw={700} className={classes.prompt} aria-live="polite" data-testid="calendar-prompt">
          {phase === 'pickup' ? c.selectPickup : c.selectReturn}
        </Text>
      </Group>

      <div ref={ref}>
        <RangeDatePicker today={today} booked={booked} value={value} onChange={onChange} onRefuse={setRefused} columns={width >= TWO_MONTHS_WIDTH ? 2 : 1} />
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
            <Text size="sm" id={messageId}>
              {message}
            </Text>
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
            <dd data-testid="summary-duration">{duration > 0 ? dayCount(duration) : '—'}</dd>
          </div>
        </dl>
        {pickupDate ? (
          <Button variant="subtle" size="compact-sm" onClick={clear} className={classes.clear}>
            {c.clear}
          </Button>
        ) : null}
      </div>
      {footer}
    </Card>
  );
}
