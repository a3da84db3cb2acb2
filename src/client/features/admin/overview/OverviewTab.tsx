import { BarChart, DonutChart } from '@mantine/charts';
import { Badge, Card, Group, SimpleGrid, Stack, Table, Text, ThemeIcon, Title, VisuallyHidden } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCar, IconClock, IconHeadset, IconStar, IconTag } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatPeso, toCentavos } from '../../../../shared/money';
import { statusBadge } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { monthLabel, shortDate } from '../helpers';
import { EmptyState, ListState, StatusBadge, tone } from '../parts';
import classes from './OverviewTab.module.css';
import { ScheduleCard } from './ScheduleCard';

const c = adminCopy.overview;
const CHART_HEIGHT = 260;

function StatCard({ id, label, value, note, icon, color }: { id: string; label: string; value: string; note: string; icon: ReactNode; color: string }) {
  return (
    <Card padding="lg" data-testid={`stat-${id}`} aria-labelledby={`stat-${id}-label`} component="section">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text id={`stat-${id}-label`} size="sm" c="dimmed" fw={600}>
            {label}
          </Text>
          <Text fz={{ base: 22, sm: 28 }} fw={800} lh={1.2} mt={4} data-testid="stat-value">
            {value}
          </Text>
        </div>
        <ThemeIcon size={40} radius="md" variant="light" color={color} className={classes.statIcon}>
          {icon}
        </ThemeIcon>
      </Group>
      <Text size="xs" c="dimmed" mt="xs" data-testid="stat-note">
        {note}
      </Text>
    </Card>
  );
}

/** A titled card listing rows, or saying there are none. */
function ListCard({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <Card padding="lg" component="section" aria-labelledby={`${id}-title`}>
      <Title order={2} size="h4" id={`${id}-title`} mb="sm">
        {title}
      </Title>
      {children.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <Stack gap={0} className={classes.list}>
          {children}
        </Stack>
      )}
    </Card>
  );
}

/** Where a car stands today: out on a rental, switched off for booking, or free. */
function FleetBadge({ out, available }: { out: boolean; available: boolean }) {
  if (out) return <Badge {...tone('orange')}>{c.rented}</Badge>;
  if (!available) return <Badge {...tone('gray')}>{c.unavailable}</Badge>;
  return <Badge {...tone('green')}>{c.available}</Badge>;
}

/** Overview: the spec's five figures, the day's pick-ups and returns, the latest bookings, the first cars, and two charts. */
export function OverviewTab() {
  const overview = trpc.admin.overview.useQuery(undefined, { staleTime: 0 });
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const data = overview.data;
  const noRevenue = !!data && data.revenueByMonth.every((m) => toCentavos(m.booked) === 0 && toCentavos(m.earned) === 0);
  return (
    <ListState query={overview} empty="" isEmpty={false}>
      {data ? (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 2, md: 3, lg: 5 }} spacing={{ base: 'sm', sm: 'md' }} className={classes.stats}>
            <StatCard id="cars" label={c.totalCars} value={String(data.totalCars)} note={c.availableCars(data.availableCars)} icon={<IconCar size={20} aria-hidden />} color="lagoon" />
            <StatCard id="bookings" label={c.totalBookings} value={String(data.totalBookings)} note={c.pendingBookings(data.pendingBookings)} icon={<IconClock size={20} aria-hidden />} color="yellow" />
            <StatCard id="customers" label={c.totalCustomers} value={String(data.totalCustomers)} note={c.customersNote} icon={<IconHeadset size={20} aria-hidden />} color="grape" />
            <StatCard id="earnings" label={c.totalEarnings} value={formatPeso(data.totalEarnings)} note={c.earningsNote} icon={<IconStar size={20} aria-hidden />} color="green" />
            <StatCard id="pending-revenue" label={c.pendingRevenue} value={formatPeso(data.pendingRevenue)} note={c.pendingNote} icon={<IconTag size={20} aria-hidden />} color="orange" />
          </SimpleGrid>

          <ScheduleCard />

          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
            <ListCard id="recent-bookings" title={c.recentBookings} empty={c.noBookings}>
              {data.recentBookings.map((b) => (
                <Group key={b.id} justify="space-between" wrap="nowrap" className={classes.row} data-testid="recent-booking">
                  <div className={classes.grow}>
                    <Text fw={600} truncate>
                      {b.customerName}
                    </Text>
                    <Text size="sm" c="dimmed" truncate>
                      {b.carName} · {shortDate(b.pickupDate)} – {shortDate(b.returnDate)}
                    </Text>
                  </div>
                  <Stack gap={4} align="flex-end">
                    <Text fw={700} size="sm">
                      {formatPeso(b.total)}
                    </Text>
                    <StatusBadge status={b.status} />
                  </Stack>
                </Group>
              ))}
            </ListCard>
            <ListCard id="fleet-status" title={c.fleetStatus} empty={c.noCars}>
              {data.fleetStatus.map((car) => (
                <Group key={car.id} justify="space-between" wrap="nowrap" className={classes.row} data-testid="fleet-status">
                  <Group gap="sm" wrap="nowrap" className={classes.grow}>
                    <img src={car.imageUrl} alt="" className={classes.thumb} width={56} height={36} />
                    <div className={classes.grow}>
                      <Text fw={600} truncate>
                        {car.name}
                      </Text>
                      <Text size="sm" c="dimmed" truncate>
                        {car.category} · {formatPeso(car.dailyRate)}
                        {adminCopy.fleet.perDay}
                      </Text>
                    </div>
                  </Group>
                  <FleetBadge out={data.carsOut.includes(car.id)} available={car.available} />
                </Group>
              ))}
            </ListCard>
          </SimpleGrid>

          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <Card padding="lg" component="figure" m={0} className={classes.wide} aria-labelledby="revenue-title">
              <Title order={2} size="h4" id="revenue-title">
                {c.revenueTitle}
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                {c.revenueLead}
              </Text>
              {noRevenue ? (
                <EmptyState h={CHART_HEIGHT}>{c.noRevenue}</EmptyState>
              ) : (
                <>
                  <BarChart
                    h={CHART_HEIGHT}
                    data={data.revenueByMonth.map((m) => ({ month: monthLabel(m.month), earned: Number(m.earned), booked: Number(m.booked) }))}
                    dataKey="month"
                    series={[
                      { name: 'booked', label: c.booked, color: 'lagoon.4' },
                      { name: 'earned', label: c.earned, color: 'lagoon.8' },
                    ]}
                    valueFormatter={(value) => formatPeso(value)}
                    withLegend
                    gridAxis="x"
                    tickLine="none"
                    xAxisProps={{ interval: phone ? 2 : 0, tickFormatter: (label: string) => label.slice(0, 3) }}
                    yAxisProps={{ width: 80, allowDecimals: false, domain: [0, (max: number) => Math.max(max, 1000)] }}
                    barChartProps={{ accessibilityLayer: false }}
                    aria-hidden
                  />
                  <VisuallyHidden>
                    <Table>
                      <Table.Caption>{c.revenueTitle}</Table.Caption>
                      <Table.Thead>
                        <Table.Tr>
                          <Table.Th>{c.month}</Table.Th>
                          <Table.Th>{c.earned}</Table.Th>
                          <Table.Th>{c.booked}</Table.Th>
                        </Table.Tr>
                      </Table.Thead>
                      <Table.Tbody>
                        {data.revenueByMonth.map((m) => (
                          <Table.Tr key={m.month}>
                            <Table.Td>{monthLabel(m.month)}</Table.Td>
                            <Table.Td>{formatPeso(m.earned)}</Table.Td>
                            <Table.Td>{formatPeso(m.booked)}</Table.Td>
                          </Table.Tr>
                        ))}
                      </Table.Tbody>
                    </Table>
                  </VisuallyHidden>
                </>
              )}
            </Card>
            <Card padding="lg" component="figure" m={0} aria-labelledby="status-chart-title">
              <Title order={2} size="h4" id="status-chart-title">
                {c.statusTitle}
              </Title>
              <Text size="sm" c="dimmed" mb="md">
                {c.statusLead}
              </Text>
              {data.totalBookings === 0 ? (
                <EmptyState>{c.noStatusData}</EmptyState>
              ) : (
                <Stack align="center" gap="md">
                  <DonutChart
                    size={180}
                    thickness={26}
                    data={data.bookingsByStatus
                      .filter((s) => s.count > 0)
                      .map((s) => ({ name: statusBadge(s.status).label, value: s.count, color: `${statusBadge(s.status).color}.6` }))}
                    chartLabel={data.totalBookings}
                    // A single status fills the ring: no separator line where it meets itself.
                    strokeWidth={data.bookingsByStatus.filter((s) => s.count > 0).length > 1 ? 1 : 0}
                    tooltipDataSource="segment"
                    accessibilityLayer={false}
                    pieProps={{ rootTabIndex: -1 }}
                    aria-hidden
                  />
                  <SimpleGrid cols={2} spacing="xs" verticalSpacing={6} w="100%" component="ul" className={classes.legend}>
                    {data.bookingsByStatus.map((s) => (
                      <Group key={s.status} gap={8} wrap="nowrap" component="li" data-testid={`status-count-${s.status}`}>
                        <span className={classes.swatch} style={{ background: `var(--mantine-color-${statusBadge(s.status).color}-6)` }} />
                        <Text size="sm">
                          {statusBadge(s.status).label}: <b>{s.count}</b>
                        </Text>
                      </Group>
                    ))}
                  </SimpleGrid>
                </Stack>
              )}
            </Card>
          </SimpleGrid>
        </Stack>
      ) : null}
    </ListState>
  );
}
