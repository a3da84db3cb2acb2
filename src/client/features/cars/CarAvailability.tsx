import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCalendarCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import type { DateSelection } from '../../../shared/calendar';
import { bookingHref } from '../../../shared/carLinks';
import { todayInManila } from '../../../shared/dates';
import { dayCount } from '../../../shared/labels';
import { formatPeso } from '../../../shared/money';
import { rentalQuote } from '../../../shared/pricing';
import type { TCar } from '../../../shared/schemas/car.schema';
import { carPageCopy as c } from '../../content/carPage';
import { trpc } from '../../trpc';
import { RentalCalendar } from '../booking/RentalCalendar';
import { localePath } from '../../i18n';

/**
 * The car page's calendar: its booked days, and dates chosen by the booking rules; chosen dates
 * get their price (the shared pricing module) and a Book button that opens the booking form with
 * them. A chunk of its own, rendered in the browser (booked days change by the minute).
 */
export function CarAvailability({ car, value, onChange }: { car: TCar; value: DateSelection; onChange: (dates: DateSelection) => void }) {
  const [today] = useState(() => todayInManila());
  const booked = trpc.cars.bookedDates.useQuery({ carId: car.id });
  const quote = value.pickupDate && value.returnDate ? rentalQuote(car.dailyRate, value.pickupDate, value.returnDate) : null;
  return (
    <RentalCalendar
      title={c.calendarTitle}
      today={today}
      booked={booked.data ?? []}
      loading={booked.isLoading}
      failed={booked.isError}
      value={value}
      onChange={onChange}
      footer={
        <Group justify="space-between" align="center" mt="md" gap="sm" data-testid="car-quote">
          {quote ? (
            <Stack gap={0}>
              <Text size="sm" c="dimmed">
                {c.quote({ days: dayCount(quote.totalDays) })}
              </Text>
              <Text fz={24} fw={800} c="var(--color-accent-text)" data-testid="car-quote-total">
                {formatPeso(quote.total)}
              </Text>
              <Text size="xs" c="dimmed">
                {c.quoteNote}
              </Text>
            </Stack>
          ) : (
            <Text size="sm" c="dimmed" maw={360}>
              {c.chooseDates}
            </Text>
          )}
          {car.available && quote ? (
            <Button component={Link} to={localePath(bookingHref(car.id, value))} size="md" leftSection={<IconCalendarCheck size={18} aria-hidden />} data-testid="book-dates">
              {c.bookDates}
            </Button>
          ) : null}
        </Group>
      }
    />
  );
}
