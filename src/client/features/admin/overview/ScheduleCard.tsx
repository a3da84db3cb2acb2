import { Button, Card, Group, SegmentedControl, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPhone } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { telHref } from '../../../../shared/business';
import { addDays, formatLongDate, todayInManila } from '../../../../shared/dates';
import { DELIVERY_AREA_LABELS } from '../../../../shared/labels';
import { formatPeso, toCentavos } from '../../../../shared/money';
import { bookingSearchPath } from '../../../../shared/reference';
import type { TBooking } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { EmptyState, StatusBadge } from '../parts';
import classes from './OverviewTab.module.css';

const c = adminCopy.schedule;

/** One car going out or coming back: the hour, the car, the renter to call, the reference, where it stands and what is left to collect. */
function Run({ booking, back }: { booking: TBooking; back: boolean }) {
  const due = toCentavos(booking.balance) > 0;
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" className={classes.row} data-testid={back ? 'schedule-return' : 'schedule-pickup'}>
      <Text fw={700} size="sm" className={classes.hour}>
        {back ? c.dueBack(booking.pickupTime) : booking.pickupTime}
      </Text>
      <Stack gap={2} className={classes.grow}>
        <Text fw={600}>{booking.carName}</Text>
        <Text size="sm">{booking.customerName}</Text>
        {booking.customerPhone ? (
          <Button component="a" href={telHref(booking.customerPhone)} variant="light" size="compact-sm" w="fit-content" leftSection={<IconPhone size={14} aria-hidden />} aria-label={c.callRenter(booking.customerName, booking.customerPhone)}>
            {booking.customerPhone}
          </Button>
        ) : null}
        {!back && booking.wantsDelivery && booking.deliveryArea ? (
          <Text size="xs" c="dimmed">
            {c.delivery(DELIVERY_AREA_LABELS[booking.deliveryArea])}
          </Text>
        ) : null}
        <Group gap={8} mt={2}>
          <Button component={Link} to={bookingSearchPath(booking.reference)} variant="default" size="compact-xs" ff="monospace" aria-label={c.openBooking(booking.reference)}>
            {booking.reference}
          </Button>
          <StatusBadge status={booking.status} />
          {due || booking.status !== 'completed' ? (
            <Text size="xs" fw={600} c={due ? 'var(--mantine-color-orange-text)' : 'dimmed'}>
              {due ? c.toCollect(formatPeso(booking.balance)) : c.paid}
            </Text>
          ) : null}
          {!back && toCentavos(booking.deposit) > 0 && booking.status !== 'completed' ? (
            <Text size="xs" c="dimmed">
              {c.deposit(formatPeso(booking.deposit))}
            </Text>
          ) : null}
        </Group>
      </Stack>
    </Group>
  );
}

function RunList({ id, title, empty, bookings, back }: { id: string; title: string; empty: string; bookings: TBooking[] | undefined; back: boolean }) {
  return (
    <section aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb={4}>
        {title}
        {bookings ? ` (${bookings.length})` : ''}
      </Title>
      {!bookings ? (
        <Skeleton h={48} />
      ) : bookings.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <Stack gap={0} className={classes.list}>
          {bookings.map((booking) => (
            <Run key={booking.id} booking={booking} back={back} />
          ))}
        </Stack>
      )}
    </section>
  );
}

/** The day's run at the garage, today or tomorrow (Asia/Manila): the cars going out and those coming back, by the hour. */
export function ScheduleCard() {
  const [which, setWhich] = useState<'today' | 'tomorrow'>('today');
  const today = todayInManila();
  const date = which === 'today' ? today : addDays(today, 1);
  const day = trpc.admin.schedule.useQuery({ date }, { staleTime: 0, placeholderData: (previous) => previous });
  const shown = day.data?.date === date ? day.data : undefined;
  return (
    <Card padding="lg" component="section" aria-labelledby="schedule-title" data-testid="schedule">
      <Group justify="space-between" align="center" mb="sm" gap="sm">
        <div>
          <Title order={2} size="h4" id="schedule-title">
            {c.title}
          </Title>
          <Text size="sm" c="dimmed" data-testid="schedule-date">
            {formatLongDate(date)}
          </Text>
        </div>
        <SegmentedControl
          aria-label={c.day}
          value={which}
          onChange={(value) => setWhich(value as 'today' | 'tomorrow')}
          data={[
            { value: 'today', label: c.today },
            { value: 'tomorrow', label: c.tomorrow },
          ]}
        />
      </Group>
      {day.isError ? (
        <Text size="sm" c="var(--mantine-color-error)">
          {adminCopy.common.loadFailed}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <RunList id="schedule-pickups" title={c.pickups} empty={c.noPickups} bookings={shown?.pickups} back={false} />
          <RunList id="schedule-returns" title={c.returns} empty={c.noReturns} bookings={shown?.returns} back />
        </SimpleGrid>
      )}
    </Card>
  );
}
