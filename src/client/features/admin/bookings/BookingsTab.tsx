import { Alert, Badge, Button, Card, Collapse, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatInstant, todayInManila } from '../../../../shared/dates';
import { DELIVERY_AREA_LABELS, DOCUMENT_LABELS, distanceServiceLabel, driverServiceLabel, ledgerRow } from '../../../../shared/labels';
import { messages } from '../../../../shared/messages';
import { formatPeso, nonZeroAmount, toCentavos } from '../../../../shared/money';
import { ADMIN_PAGE_SIZES } from '../../../../shared/schemas/admin.schema';
import { BOOKING_STATUSES, isOccupying, statusBadge, type BookingStatus, type TBooking, type TPayment } from '../../../../shared/schemas/booking.schema';
import { isErasedAddress, statusesFor } from '../../../../shared/schemas/customer.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { AddPaymentModal, type PayableBooking } from '../AddPaymentModal';
import { useAccount } from '../account';
import { bookingPriceLines, canAddPayment, dateTime, holdMinutesLeft, shortDate } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { DocumentLinks, useDocumentViewer } from '../documents/Documents';
import { ConfirmDialog, ContactLines, ListState, Pager, PaymentState, StatusBadge, SearchField, TabHeader, tone, WithReferences } from '../parts';
import { useNow } from '../useNow';
import { useFocusHandoff } from '../useFocusHandoff';
import { usePagedSearch } from '../usePagedSearch';
import classes from './BookingsTab.module.css';
import { ChangeDatesModal } from './ChangeDatesModal';
import { CorrectEmailModal } from './CorrectEmailModal';
import { NewBookingModal } from './NewBookingModal';
import { RequestDocumentModal } from './RequestDocumentModal';
import { VoidPaymentModal } from './VoidPaymentModal';

const c = adminCopy.bookings;
const PAGE_SIZE = ADMIN_PAGE_SIZES.bookings;
const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({ value: status, label: statusBadge(status).label }));

/** The booking's payment ledger, loaded when staff open it; the owner may void an entry made by mistake. */
function PaymentList({ booking }: { booking: TBooking }) {
  const payments = trpc.bookings.payments.useQuery({ id: booking.id }, { staleTime: 0 });
  const { isOwner } = useAccount();
  const [voiding, setVoiding] = useState<TPayment | null>(null);
  if (payments.isPending) return <Loader size="xs" />;
  if (payments.isError) return <Text size="xs" c="var(--mantine-color-error)">{adminCopy.common.loadFailed}</Text>;
  if (!payments.data.length) {
    return (
      <Text size="xs" c="dimmed" data-testid="no-payments">
        {c.noPayments}
      </Text>
    );
  }
  return (
    <>
      <ul className={classes.payments} aria-label={c.paymentsOf(booking.customerName)}>
        {payments.data.map((payment) => {
          const row = ledgerRow(payment);
          return (
            <li key={payment.id} data-testid="payment-row" data-kind={payment.kind} data-voided={payment.voidedAt ? 'true' : undefined}>
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" fw={600} td={payment.voidedAt ? 'line-through' : undefined}>
                  {row.amount} · {row.what}
                </Text>
                <Text size="xs" c="dimmed">
                  {dateTime(payment.createdAt)}
                </Text>
              </Group>
              {payment.note ? <Text size="xs">{payment.note}</Text> : null}
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Text size="xs" c="dimmed">
                  {c.recordedBy(payment.recordedBy)}
                </Text>
                {isOwner && !payment.voidedAt ? (
                  <Button size="compact-xs" variant="subtle" color="red" onClick={() => setVoiding(payment)} aria-label={c.voidEntryOf(`${row.amount} · ${row.what}, ${dateTime(payment.createdAt)}`)}>
                    {c.voidEntry}
                  </Button>
                ) : null}
              </Group>
              {payment.voidedAt ? (
                <Text size="xs" c="var(--mantine-color-error)">
                  {c.voided(payment.voidedBy ?? '', dateTime(payment.voidedAt), payment.voidReason ?? '')}
                </Text>
              ) : null}
            </li>
          );
        })}
      </ul>
      <VoidPaymentModal payment={voiding} onClose={() => setVoiding(null)} />
    </>
  );
}

/** A pending website booking's hold (cancelled when it runs out), or that its renter confirmed their e-mail address. */
function HoldBadge({ booking, now }: { booking: TBooking; now: Date }) {
  const minutes = holdMinutesLeft(booking, now);
  if (minutes !== null && booking.holdUntil) {
    return (
      <Badge {...tone('orange')} title={c.holdHint(formatInstant(new Date(booking.holdUntil)))} data-testid="hold-badge">
        {c.holdLeft(minutes)}
      </Badge>
    );
  }
  if (booking.status === 'pending' && booking.source === 'website' && booking.emailProven) {
    return (
      <Badge {...tone('teal')} data-testid="hold-badge">
        {c.emailProven}
      </Badge>
    );
  }
  return null;
}

/** Where the booking's renter details differ from its customer record, and the button that applies them (after a confirmation). */
function CustomerDiffers({ booking }: { booking: TBooking }) {
  const utils = trpc.useUtils();
  const [asking, setAsking] = useState(false);
  const fields = booking.customerDiffers.map((field) => c.recordFields[field]).join(', ');
  const apply = trpc.bookings.applyToCustomer.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.applyToCustomer);
      setAsking(false);
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate()]);
    },
    onError: (error) => notifyError(error, messages.admin.failed.applyToCustomer),
  });
  return (
    <Alert color="yellow" variant="light" mt="md" p="sm" data-testid="customer-differs">
      <Group justify="space-between" gap="sm">
        <Text size="sm">
          {c.differs} <strong>{fields}</strong>
        </Text>
        <Button size="xs" variant="default" onClick={() => setAsking(true)} aria-label={`${c.applyToCustomer}: ${booking.customerName}, ${booking.reference}`}>
          {c.applyToCustomer}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={c.applyTitle}
        text={c.applyText(booking.customerName, fields)}
        confirmLabel={c.apply}
        pending={apply.isPending}
        onConfirm={() => apply.mutate({ id: booking.id })}
        onClose={() => setAsking(false)}
      />
    </Alert>
  );
}

/** What completing a booking now would leave behind: money still to collect, days still to come. None: it completes at once. */
function completionWarnings(booking: TBooking): string[] {
  return [
    toCentavos(booking.balance) > 0 ? c.completeUnpaid(formatPeso(booking.balance), formatPeso(booking.total)) : null,
    booking.returnDate > todayInManila() ? c.completeEarly(shortDate(booking.returnDate)) : null,
  ].filter((warning): warning is string => warning !== null);
}

function BookingCard({
  booking,
  now,
  onPay,
  onRefund,
  onOpenDocument,
  onRequestDocument,
  onChangeDates,
  onCorrectEmail,
}: {
  booking: TBooking;
  now: Date;
  onPay: (booking: PayableBooking) => void;
  onRefund: (booking: PayableBooking) => void;
  onOpenDocument: (path: string) => void;
  onRequestDocument: (booking: TBooking) => void;
  onChangeDates: (booking: TBooking) => void;
  onCorrectEmail: (booking: TBooking) => void;
}) {
  const utils = trpc.useUtils();
  const [showPayments, setShowPayments] = useState(false);
  const paymentsToggle = useRef<HTMLButtonElement>(null);
  // Add Payment and Record Refund go once nothing is owed or paid: their focus comes to the payments' toggle.
  const moneyFocus = useFocusHandoff(paymentsToggle);
  // Cancelling e-mails the renter and frees the days: a slip in the status list must not do it.
  const [cancelling, setCancelling] = useState(false);
  // So does completing a rental still unpaid or still under way: it leaves the money to collect and frees the car's days.
  const [completing, setCompleting] = useState<string[] | null>(null);
  const update = trpc.bookings.updateStatus.useMutation({
    onSuccess: async () => {
      setCancelling(false);
      setCompleting(null);
      notifySuccess(messages.admin.success.updateStatus);
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate(), utils.admin.overview.invalidate(), utils.cars.bookedDates.invalidate()]);
    },
    onError: async (error) => {
      setCancelling(false);
      setCompleting(null);
      notifyError(error, messages.admin.failed.updateStatus);
      // Refused because it changed meanwhile (or is gone): the card shows it as it is now.
      await utils.bookings.invalidate();
    },
  });
  // Sent with the status this card shows: a change made since (the renter cancelling, another person) is not undone unseen.
  const setStatus = (status: BookingStatus) => update.mutate({ id: booking.id, status, expectedStatus: booking.status });
  const changeStatus = (value: string | null) => {
    if (!value || value === booking.status) return;
    const warnings = value === 'completed' ? completionWarnings(booking) : [];
    if (value === 'cancelled') setCancelling(true);
    else if (warnings.length) setCompleting(warnings);
    else setStatus(value as BookingStatus);
  };
  // Still to come, with a renter to write to (none once their personal data is erased): staff may ask them for a document.
  const open = isOccupying(booking.status) && !isErasedAddress(booking.customerEmail);
  const paid = nonZeroAmount(booking.amountPaid);
  const services = [
    booking.driverService !== 'none' ? driverServiceLabel(booking.driverService).label : null,
    booking.distanceService !== 'none' ? distanceServiceLabel(booking.distanceService).label : null,
  ].filter(Boolean);
  return (
    <Card padding="lg" component="article" aria-label={`${booking.customerName}, ${booking.carName}`} data-testid="booking-card" data-booking-id={booking.id}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="sm">
        <div className={classes.grow}>
          <Group gap="xs" align="center">
            <Title order={3} size="h5">
              {booking.customerName}
            </Title>
            <StatusBadge status={booking.status} />
            <HoldBadge booking={booking} now={now} />
          </Group>
          <Text size="sm" fw={700} ff="monospace" className={classes.reference} data-testid="booking-reference" aria-label={`${c.reference} ${booking.reference}`}>
            <WithReferences>{booking.reference}</WithReferences>
          </Text>
          <Text size="xs" c="dimmed" ff="monospace" className={classes.id} data-testid="booking-id">
            {booking.id.toUpperCase()}
          </Text>
        </div>
        <Select
          aria-label={c.changeStatus(booking.customerName)}
          data={STATUS_OPTIONS.filter((option) => option.value === booking.status || statusesFor(booking.customerEmail).includes(option.value))}
          value={booking.status}
          onChange={changeStatus}
          allowDeselect={false}
          // Read-only, not disabled, while the change is saved: a disabled list would drop the keyboard's focus.
          readOnly={update.isPending}
          w={150}
          size="sm"
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        <Stack gap={6}>
          <ContactLines email={booking.customerEmail} phone={booking.customerPhone} />
          {booking.customerLicense ? (
            <Text size="xs" c="dimmed">
              {c.license}: {booking.customerLicense}
            </Text>
          ) : null}
          {booking.facebookProfile ? (
            <Text size="xs" c="dimmed" className={classes.wrap}>
              {c.facebook}: {booking.facebookProfile}
            </Text>
          ) : null}
          <Text size="xs" c="dimmed">
            {c.source[booking.source]} · {shortDate(booking.createdAt)}
          </Text>
          {booking.source === 'website' ? <DocumentLinks holder={booking} name={booking.customerName} onOpen={onOpenDocument} /> : null}
          {booking.requestedDocument ? (
            <Text size="xs" className={classes.request} data-testid="document-requested">
              <Text span size="xs" fw={700}>
                {c.documentRequested(DOCUMENT_LABELS[booking.requestedDocument])}:
              </Text>{' '}
              {booking.documentRequestNote}
            </Text>
          ) : null}
          {open ? (
            <Group gap={4}>
              <Button size="compact-xs" variant="subtle" onClick={() => onCorrectEmail(booking)} aria-label={`${adminCopy.correctEmail.open}: ${booking.customerName}, ${booking.reference}`}>
                {adminCopy.correctEmail.open}
              </Button>
              <Button size="compact-xs" variant="subtle" onClick={() => onRequestDocument(booking)} aria-label={`${c.requestDocument}: ${booking.customerName}, ${booking.reference}`}>
                {c.requestDocument}
              </Button>
            </Group>
          ) : null}
        </Stack>
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            {booking.carName}
          </Text>
          <Group gap={6} align="baseline">
            <Text size="sm">
              {shortDate(booking.pickupDate)} – {shortDate(booking.returnDate)} · {c.days(booking.totalDays)}
            </Text>
            <Button size="compact-xs" variant="subtle" onClick={() => onChangeDates(booking)} aria-label={`${adminCopy.changeDates.open}: ${booking.customerName}, ${booking.reference}`}>
              {adminCopy.changeDates.open}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {c.pickupAt(booking.pickupTime)}
            {services.length ? ` · ${services.join(' · ')}` : ''}
          </Text>
          {booking.wantsDelivery ? (
            <Text size="sm" data-testid="delivery-address">
              <Text span fw={600}>
                {c.delivery}:
              </Text>{' '}
              {booking.deliveryAddress}
              {booking.deliveryArea ? ` (${DELIVERY_AREA_LABELS[booking.deliveryArea]})` : ''}
            </Text>
          ) : null}
        </Stack>
        <Stack gap={6}>
          <dl className={classes.lines} aria-label={c.priceLines}>
            {bookingPriceLines(booking).map((line) => (
              <div key={line.key} className={classes.line}>
                <dt>
                  {line.label}
                  {line.detail ? <span className={classes.detail}> · {line.detail}</span> : null}
                </dt>
                <dd>{formatPeso(line.amount)}</dd>
              </div>
            ))}
            <div className={`${classes.line} ${classes.total}`}>
              <dt>{c.total}</dt>
              <dd data-testid="booking-total">{formatPeso(booking.total)}</dd>
            </div>
          </dl>
          <PaymentState amountPaid={booking.amountPaid} total={booking.total} status={booking.status} label={`${booking.customerName}, ${booking.carName}`} />
          {/* Offered whatever was paid: a ledger whose rows were all refunded or voided still tells what happened. */}
          <Button ref={paymentsToggle} size="compact-xs" variant="subtle" style={{ alignSelf: 'flex-start' }} onClick={() => setShowPayments((open) => !open)} aria-expanded={showPayments}>
            {showPayments ? c.hidePayments : c.showPayments}
          </Button>
          <Collapse expanded={showPayments}>{showPayments ? <PaymentList booking={booking} /> : null}</Collapse>
          {canAddPayment(booking) ? (
            <Button size="xs" variant="light" onClick={() => onPay(booking)} onFocus={moneyFocus} aria-label={`${adminCopy.customers.addPayment}: ${booking.customerName}, ${booking.carName}`}>
              {adminCopy.customers.addPayment}
            </Button>
          ) : null}
          {paid ? (
            <Button size="compact-xs" variant="subtle" color="red" style={{ alignSelf: 'flex-start' }} onClick={() => onRefund(booking)} onFocus={moneyFocus} aria-label={`${adminCopy.refund.open}: ${booking.customerName}, ${booking.carName}`}>
              {adminCopy.refund.open}
            </Button>
          ) : null}
        </Stack>
      </SimpleGrid>
      {booking.customerDiffers.length ? <CustomerDiffers booking={booking} /> : null}
      <ConfirmDialog
        opened={cancelling}
        title={c.cancelTitle}
        text={c.cancelText(
          booking.customerName,
          booking.carName,
          `${shortDate(booking.pickupDate)} – ${shortDate(booking.returnDate)}`,
          paid ? formatPeso(paid) : null,
        )}
        confirmLabel={c.cancelConfirm}
        cancelLabel={c.keepBooking}
        focusCancel
        pending={update.isPending}
        onConfirm={() => setStatus('cancelled')}
        onClose={() => setCancelling(false)}
      />
      <ConfirmDialog
        opened={completing !== null}
        title={c.completeTitle}
        text={(completing ?? []).join(' ')}
        confirmLabel={c.completeConfirm}
        cancelLabel={c.keepBooking}
        focusCancel
        pending={update.isPending}
        onConfirm={() => setStatus('completed')}
        onClose={() => setCompleting(null)}
      />
    </Card>
  );
}

/** Bookings: search by name, e-mail, phone, reference or id, filter by status, paged on the server. */
export function BookingsTab() {
  // `/admin?tab=bookings&q=HI-7K3QPX` opens the tab on that search (the overview's schedule links so).
  const [params] = useSearchParams();
  const paged = usePagedSearch(PAGE_SIZE, params.get('q') ?? '');
  const [status, setStatus] = useState<BookingStatus | null>(null);
  const [paying, setPaying] = useState<PayableBooking | null>(null);
  const [refunding, setRefunding] = useState<PayableBooking | null>(null);
  const [requesting, setRequesting] = useState<TBooking | null>(null);
  const [moving, setMoving] = useState<TBooking | null>(null);
  const [correcting, setCorrecting] = useState<TBooking | null>(null);
  const [creating, setCreating] = useState(false);
  const now = useNow(60_000);
  const documents = useDocumentViewer();
  const bookings = trpc.bookings.list.useQuery({ ...paged.input, ...(status ? { status } : {}) }, paged.queryOptions);
  const items = bookings.data?.items ?? [];
  return (
    <Stack gap="md">
      <TabHeader title={c.title} lead={c.lead(bookings.data?.total ?? 0)}>
        <SearchField label={c.search} value={paged.search} onChange={paged.setSearch} />
        <Select
          aria-label={c.status}
          placeholder={c.allStatuses}
          data={STATUS_OPTIONS}
          value={status}
          onChange={(value) => {
            setStatus(value as BookingStatus | null);
            paged.firstPage();
          }}
          clearable
          className={classes.status}
        />
        <Button onClick={() => setCreating(true)}>{adminCopy.newBooking.open}</Button>
      </TabHeader>
      <ListState query={bookings} empty={c.empty} isEmpty={items.length === 0}>
        <Stack gap="md" style={{ opacity: bookings.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((booking) => (
            <BookingCard key={booking.id} booking={booking} now={now} onPay={setPaying} onRefund={setRefunding} onOpenDocument={documents.open} onRequestDocument={setRequesting} onChangeDates={setMoving} onCorrectEmail={setCorrecting} />
          ))}
        </Stack>
      </ListState>
      {bookings.data ? <Pager offset={paged.offset} limit={PAGE_SIZE} total={bookings.data.total} capped={bookings.data.totalCapped} onOffset={paged.setOffset} /> : null}
      <AddPaymentModal booking={paying} onClose={() => setPaying(null)} />
      <AddPaymentModal booking={refunding} kind="refund" onClose={() => setRefunding(null)} />
      <RequestDocumentModal booking={requesting} onClose={() => setRequesting(null)} />
      <ChangeDatesModal booking={moving} onClose={() => setMoving(null)} />
      <CorrectEmailModal booking={correcting} onClose={() => setCorrecting(null)} />
      <NewBookingModal opened={creating} renter={null} onClose={() => setCreating(false)} />
      {documents.dialog}
    </Stack>
  );
}
