import { Alert, Anchor, Box, Button, Divider, Group, List, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPrinter } from '@tabler/icons-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { formatInstant, formatLongDate } from '../../../shared/dates';
import { DELIVERY_AREA_LABELS, dayCount, distanceServiceLabel, driverServiceLabel } from '../../../shared/labels';
import { formatPeso, nonZeroAmount } from '../../../shared/money';
import { awaitsConfirmation, bookingPriceRows, importantInformation } from '../../../shared/receipt';
import { DEFAULT_PICKUP_TIME, type TRenterBooking } from '../../../shared/schemas/booking.schema';

/** A booking as its renter sees it (staff answers add where it differs from the customer record). */
import { bookingFormCopy } from '../../content/bookingForm';
import { copy } from '../../content/site';
import { FIND_BOOKING_PATH } from '../myBooking/paths';
import { useSiteInfo } from '../site/useSiteInfo';
import classes from './BookingConfirmation.module.css';
import { PriceSummary } from './PriceSummary';
import { localePath } from '../../i18n';
import { Channels, PayAhead } from '../../components/Channels/Channels';
import { EmailAddress } from '../../components/EmailAddress/EmailAddress';

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
      {/* A long e-mail address wraps where it must instead of running out of the card. */}
      <Text size="sm" fw={600} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** "November 23, 2026 at 9:41 AM" in the garage's zone: when the booking was made (now, should the answer lack it). */
function bookedOn(createdAt: string | undefined): string {
  const when = createdAt ? new Date(createdAt) : new Date();
  return formatInstant(Number.isNaN(when.getTime()) ? new Date() : when);
}

/**
 * The receipt, exactly in the spec's order, from the server's figures: the booking form's
 * confirmation shows it in a dialog, the renter's booking page on the page. `notice` comes first,
 * `closing` last (each says what fits where the receipt is shown).
 */
export function Receipt({ booking, notice, closing }: { booking: TRenterBooking; notice?: ReactNode; closing: ReactNode }) {
  const business = useSiteInfo();
  const pickupTime = booking.pickupTime || DEFAULT_PICKUP_TIME;
  const driver = driverServiceLabel(booking.driverService);
  const distance = distanceServiceLabel(booking.distanceService);
  return (
    <Stack gap="md" className={classes.receipt}>
      {notice}

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
          <Text size="sm">
            <EmailAddress address={business.email} />
          </Text>
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
        <PriceSummary rows={bookingPriceRows(booking)} total={booking.total} deposit={booking.deposit} testId="receipt-price" />
        {/* Once something is paid (a receipt printed from the renter's page): what is paid, and what is left unless cancelled. */}
        {nonZeroAmount(booking.amountPaid) ? (
          <SimpleGrid cols={2} spacing={6} mt="sm" className={classes.twoColumns}>
            <Fact label={r.paid} value={formatPeso(booking.amountPaid)} testId="receipt-paid" />
            {booking.status === 'cancelled' ? null : <Fact label={r.balance} value={formatPeso(booking.balance)} testId="receipt-balance" />}
          </SimpleGrid>
        ) : null}
      </Block>

      <Block title={r.reference}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} className={classes.twoColumns}>
          <Fact label={r.referenceCode} value={<span className={classes.code}>{booking.reference}</span>} testId="receipt-reference" />
          <Fact label={r.bookedOn} value={bookedOn(booking.createdAt)} />
          <div className={classes.wide}>
            <Fact label={r.bookingId} value={<span className={classes.id}>{booking.id.toUpperCase()}</span>} testId="receipt-booking-id" />
          </div>
        </SimpleGrid>
      </Block>

      <Block title={r.important}>
        <List size="sm" spacing={2}>
          {importantInformation(booking).map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      </Block>

      {closing}
    </Stack>
  );
}

/** The dialog's title and its line asking to keep it: until the garage confirms the booking, it is a receipt, not a confirmation. */
export function confirmationWording(booking: Pick<TRenterBooking, 'status'>): { title: string; saveNotice: string } {
  return awaitsConfirmation(booking) ? { title: r.titleWhilePending, saveNotice: r.saveNoticeWhilePending } : { title: r.title, saveNotice: r.saveNotice };
}

/**
 * The booking form's confirmation: the receipt in a dialog. Print Receipt opens the browser's print
 * dialog, which prints only this dialog on one A4 page; Close reloads the page.
 */
export function BookingConfirmation({ booking, onClose }: { booking: TRenterBooking | null; onClose: () => void }) {
  const business = useSiteInfo();
  const opened = booking !== null;
  const phone = useMediaQuery('(max-width: 36em)') ?? false;

  useEffect(() => {
    if (!opened) return undefined;
    document.documentElement.classList.add('printing-receipt');
    return () => document.documentElement.classList.remove('printing-receipt');
  }, [opened]);

  if (!booking) return null;
  const wording = confirmationWording(booking);

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
            {wording.title}
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
          <Receipt
            booking={booking}
            notice={
              <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} className={classes.notice}>
                <Text size="sm" fw={600}>
                  {wording.saveNotice}
                </Text>
              </Alert>
            }
            closing={
              <Stack gap={4}>
                <Text size="xs" c="dimmed">
                  {r.status({ hours: business.hours })}
                </Text>
                {booking.holdUntil && booking.status === 'pending' ? (
                  <Text size="xs" fw={600} data-testid="receipt-hold">
                    {r.hold({ deadline: formatInstant(new Date(booking.holdUntil)) })}
                  </Text>
                ) : null}
                <PayAhead business={business} reference={booking.reference} />
                <Box className="no-print">
                  <Channels business={business} size="xs" />
                </Box>
                <Text size="xs" c="dimmed" className="no-print">
                  {r.lostEmail}{' '}
                  <Anchor component={Link} to={localePath(FIND_BOOKING_PATH)} size="xs" underline="always">
                    {copy.nav.findBooking}
                  </Anchor>
                </Text>
              </Stack>
            }
          />
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
