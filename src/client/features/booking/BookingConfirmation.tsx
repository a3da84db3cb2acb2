import { Alert, Button, Divider, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { formatLongDate } from '../../../shared/dates';
import { DELIVERY_AREA_LABELS, DISTANCE_SERVICE_LABELS, DRIVER_SERVICE_LABELS, dayCount } from '../../../shared/labels';
import { IMPORTANT_INFORMATION, bookingPriceRows } from '../../../shared/receipt';
import { DEFAULT_PICKUP_TIME, type TBooking } from '../../../shared/schemas/booking.schema';
import { bookingFormCopy } from '../../content/bookingForm';
import { useSiteInfo } from '../site/useSiteInfo';
import classes from './BookingConfirmation.module.css';
import { PriceSummary } from './PriceSummary';

const r = bookingFormCopy.confirmation;

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={classes.block}>
      <Title order={3} size="h6" tt="uppercase" c="dimmed" mb={6} className={classes.blockTitle}>
        {title}
      </Title>
      {children}
    </section>
  );
}

function Fact({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

/** "November 23, 2026, 9:41 AM" in the garage's zone. */
function bookedOn(createdAt: string | undefined): string {
  const when = createdAt ? new Date(createdAt) : new Date();
  return new Intl.DateTimeFormat('en-PH', { timeZone: 'Asia/Manila', dateStyle: 'long', timeStyle: 'short' }).format(Number.isNaN(when.getTime()) ? new Date() : when);
}

/**
 * The receipt, exactly in the spec's order, from the server's answer. Print Receipt opens the
 * browser's print dialog, which prints only this dialog on one A4 page; Close reloads the page.
 */
export function BookingConfirmation({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const business = useSiteInfo();
  const opened = booking !== null;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  useEffect(() => {
    if (!opened) return undefined;
    document.documentElement.classList.add('printing-receipt');
    return () => document.documentElement.classList.remove('printing-receipt');
  }, [opened]);

  if (!booking) return null;
  const pickupTime = booking.pickupTime || DEFAULT_PICKUP_TIME;
  const driver = DRIVER_SERVICE_LABELS[booking.driverService];
  const distance = DISTANCE_SERVICE_LABELS[booking.distanceService];

  return (
    <Modal.Root
      opened={opened}
      onClose={onClose}
      size="xl"
      radius="lg"
      fullScreen={phone}
      portalProps={{ reuseTargetNode: false }}
      classNames={{ root: 'receipt-modal', inner: classes.inner, content: classes.content, header: classes.header, body: classes.body }}
      data-testid="booking-confirmation"
    >
      <Modal.Overlay className="no-print" />
      <Modal.Content>
        <Modal.Header>
          <Modal.Title fw={800} fz="lg">
            {r.title}
          </Modal.Title>
          <Group gap="xs" className="no-print" wrap="nowrap">
            <Button size={phone ? 'xs' : 'sm'} leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
              {r.print}
            </Button>
            <Button size={phone ? 'xs' : 'sm'} variant="default" onClick={onClose}>
              {r.close}
            </Button>
          </Group>
        </Modal.Header>
        <Modal.Body>
          <Stack gap="md" className={classes.receipt}>
            <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} className={classes.notice}>
              <Text size="sm" fw={600}>
                {r.saveNotice}
              </Text>
            </Alert>

            <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm" className={classes.company}>
              <div>
                <Text fw={800} fz="lg">
                  {business.name}
                </Text>
                <Text size="sm">{business.addressLine1}</Text>
                <Text size="sm">{business.addressLine2}</Text>
              </div>
              <div className={classes.companyContact}>
                <Text size="sm">{business.phonePrimary}</Text>
                <Text size="sm">{business.phoneSecondary}</Text>
                <Text size="sm">{business.email}</Text>
              </div>
            </Group>
            <Divider />

            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" className={classes.twoColumns}>
              <Block title={r.customer}>
                <SimpleGrid cols={1} spacing={6}>
                  <Fact label={r.name} value={booking.customerName} testId="receipt-name" />
                  <Fact label={r.email} value={booking.customerEmail} />
                </SimpleGrid>
              </Block>
              <Block title={r.vehicle}>
                <SimpleGrid cols={2} spacing={6}>
                  <Fact label={r.vehicleName} value={booking.carName} testId="receipt-car" />
                  <Fact label={r.category} value={booking.carCategory} />
                  <Fact label={r.transmission} value={booking.carTransmission} />
                  <Fact label={r.fuel} value={booking.carFuel} />
                </SimpleGrid>
              </Block>
            </SimpleGrid>

            <Block title={r.period}>
              <SimpleGrid cols={{ base: 2, sm: 4 }} spacing={6} className={classes.fourColumns}>
                <Fact label={r.pickupDate} value={formatLongDate(booking.pickupDate)} testId="receipt-pickup" />
                <Fact label={r.returnDate} value={formatLongDate(booking.returnDate)} testId="receipt-return" />
                <Fact label={`${r.pickupTime} / ${r.returnTime}`} value={`${pickupTime} / ${pickupTime}`} />
                <Fact label={r.duration} value={dayCount(booking.totalDays)} testId="receipt-duration" />
              </SimpleGrid>
            </Block>

            <Block title={r.services}>
              <SimpleGrid cols={{ base: 1, sm: booking.wantsDelivery ? 3 : 2 }} spacing={6} className={classes.threeColumns}>
                <Fact label={r.driver} value={<>{driver.label}<Text span size="xs" c="dimmed" display="block" fw={400}>{driver.detail}</Text></>} testId="receipt-driver" />
                <Fact label={r.distance} value={<>{distance.label}<Text span size="xs" c="dimmed" display="block" fw={400}>{distance.detail}</Text></>} />
                {booking.wantsDelivery && booking.deliveryArea ? (
                  <Fact label={r.delivery} value={<>{DELIVERY_AREA_LABELS[booking.deliveryArea]}<Text span size="xs" c="dimmed" display="block" fw={400}>{booking.deliveryAddress}</Text></>} />
                ) : null}
              </SimpleGrid>
            </Block>

            <Block title={r.pricing}>
              <PriceSummary rows={bookingPriceRows(booking)} total={booking.total} testId="receipt-price" />
            </Block>

            <Block title={r.reference}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} className={classes.twoColumns}>
                <Fact label={r.bookingId} value={<span className={classes.reference}>{booking.id.toUpperCase()}</span>} testId="receipt-reference" />
                <Fact label={r.bookedOn} value={bookedOn(booking.createdAt)} />
              </SimpleGrid>
            </Block>

            <Block title={r.important}>
              <List size="sm" spacing={2}>
                {IMPORTANT_INFORMATION.map((line) => (
                  <List.Item key={line}>{line}</List.Item>
                ))}
              </List>
            </Block>

            <Text size="xs" c="dimmed">
              {r.status} {business.hours}.
            </Text>
          </Stack>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
