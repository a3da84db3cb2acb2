// Mantine's styles for the components only this page renders (see src/client/mantineStyles.ts): the
// receipt's and the document upload's.
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Progress.css';
import { Alert, Anchor, Badge, Box, Button, Card, Container, Grid, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileAlert, IconPhone, IconPrinter } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { telHref } from '../../shared/business';
import { formatDate, formatInstant, formatLongDate, todayInManila } from '../../shared/dates';
import { DOCUMENT_LABELS, ledgerRow } from '../../shared/labels';
import { messages } from '../../shared/messages';
import { formatPeso, nonZeroAmount } from '../../shared/money';
import { statusBadge } from '../../shared/schemas/booking.schema';
import type { TManagedBooking } from '../../shared/schemas/renter.schema';
import { myBookingCopy } from '../content/myBooking';
import { Receipt } from '../features/booking/BookingConfirmation';
import { DocumentSlot } from '../features/booking/DocumentUploads';
import { isOpen, statusText, tokenFromHash } from '../features/myBooking/manageLink';
import { FIND_BOOKING_PATH } from '../features/myBooking/paths';
import { useSiteInfo } from '../features/site/useSiteInfo';
import { notify } from '../notify';
import { trpc } from '../trpc';
import { errorMessage, isUnauthorized } from '../trpcErrors';
import { usePageMeta } from '../usePageMeta';
import classes from './MyBooking.page.module.css';
import { localePath } from '../i18n';
import { FREE_CANCELLATION_HOURS, LATE_CANCELLATION_REFUND_PERCENT } from '../../shared/cancellation';
import { Channels, PayAhead } from '../components/Channels/Channels';

const c = myBookingCopy.manage;

type View = TManagedBooking;

/** The status in the page's language (statusBadge's label is the dashboard's English). */
function statusLabel(status: string): string {
  const labels = c.status.labels;
  return status in labels ? labels[status as keyof typeof labels] : labels.pending;
}

function StatusBadge({ status }: { status: string }) {
  return (
    <Badge color={statusBadge(status).color} variant="filled" size="lg" data-testid="my-booking-status">
      {statusLabel(status)}
    </Badge>
  );
}

/** A card of the page with its heading (h2). */
function Section({ title, children, headingRef, testId }: { title: string; children: ReactNode; headingRef?: RefObject<HTMLHeadingElement | null>; testId?: string }) {
  const id = useId();
  return (
    <Card padding="lg" component="section" aria-labelledby={id} className="no-print" data-testid={testId}>
      <Title order={2} size="h4" mb="sm" id={id} ref={headingRef} tabIndex={headingRef ? -1 : undefined} className={classes.focusTarget}>
        {title}
      </Title>
      {children}
    </Card>
  );
}

function Payments({ view }: { view: View }) {
  const { booking, payments } = view;
  const p = c.payments;
  return (
    <Section title={p.title} testId="my-booking-payments">
      <Stack gap="sm">
        <dl className={classes.facts}>
          <div>
            <dt>{p.total}</dt>
            <dd>{formatPeso(booking.total)}</dd>
          </div>
          <div>
            <dt>{p.paid}</dt>
            <dd>{formatPeso(booking.amountPaid)}</dd>
          </div>
          {booking.status === 'cancelled' ? null : (
            <div className={classes.balance}>
              <dt>{p.balance}</dt>
              <dd data-testid="my-booking-balance">{formatPeso(booking.balance)}</dd>
            </div>
          )}
        </dl>
        {payments.length ? (
          <ul className={classes.payments} aria-label={p.list}>
            {payments.map((payment, i) => {
              const row = ledgerRow(payment);
              return (
                <li key={`${payment.createdAt} ${i}`}>
                  <span>
                    {formatDate(todayInManila(new Date(payment.createdAt)), 'MMM D, YYYY')} · {row.what}
                  </span>
                  <Text span size="sm" fw={600}>
                    {row.amount}
                  </Text>
                </li>
              );
            })}
          </ul>
        ) : (
          <Text size="sm" c="dimmed">
            {p.none}
          </Text>
        )}
        {isOpen(booking) && nonZeroAmount(booking.balance) ? (
          <Text size="sm" c="dimmed">
            {p.payAtPickup}
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}

function Phones() {
  const business = useSiteInfo();
  return (
    <Group gap="xs" wrap="wrap">
      {[business.phonePrimary, business.phoneSecondary].map((phone) => (
        <Button key={phone} component="a" href={telHref(phone)} size="sm" variant="default" leftSection={<IconPhone size={16} aria-hidden />} aria-label={c.cancel.call({ phone })}>
          {phone}
        </Button>
      ))}
    </Group>
  );
}

/** Cancelling: free online until 24 hours before pick-up (asked twice); later, the terms' rule and the garage's numbers. */
function Cancel({ view, onCancel, pending }: { view: View; onCancel: () => void; pending: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const asker = useRef<HTMLButtonElement>(null);
  // The question takes the focus when asked; kept, the focus goes back to the button that asked it.
  const asked = useRef(false);
  const k = c.cancel;
  useEffect(() => {
    if (confirming) question.current?.focus();
    else if (asked.current) asker.current?.focus();
    asked.current = confirming;
  }, [confirming]);
  if (!view.cancellation.canCancel) {
    return (
      <Section title={k.title} testId="my-booking-cancel">
        <Stack gap="sm">
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} title={k.lateTitle} data-testid="late-cancellation">
            {nonZeroAmount(view.booking.amountPaid)
              ? k.late({ hours: FREE_CANCELLATION_HOURS, percent: LATE_CANCELLATION_REFUND_PERCENT })
              : k.lateUnpaid({ hours: FREE_CANCELLATION_HOURS })}
          </Alert>
          <Phones />
          <Anchor component={Link} to={localePath('/terms')} size="sm" underline="always">
            {k.terms}
          </Anchor>
        </Stack>
      </Section>
    );
  }
  return (
    <Section title={k.title} testId="my-booking-cancel">
      <Stack gap="sm">
        <Text size="sm">{k.freeUntil({ when: formatInstant(new Date(view.cancellation.freeUntil)) })}</Text>
        {confirming ? (
          <Stack gap="sm" role="group" aria-label={k.confirmTitle}>
            <Text fw={700} ref={question} tabIndex={-1} className={classes.focusTarget}>
              {k.confirmTitle}
            </Text>
            <Text size="sm">{k.confirmText}</Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setConfirming(false)} disabled={pending}>
                {k.keep}
              </Button>
              <Button color="red.9" onClick={onCancel} loading={pending}>
                {k.confirm}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Button ref={asker} variant="outline" color="red.9" onClick={() => setConfirming(true)} style={{ alignSelf: 'flex-start' }}>
            {k.button}
          </Button>
        )}
      </Stack>
    </Section>
  );
}

/** The document staff asked for: uploaded through the booking form's own flow, then sent. */
function DocumentRequest({ request, onUploaded, pending }: { request: NonNullable<View['documentRequest']>; onUploaded: (path: string) => void; pending: boolean }) {
  const d = c.document;
  return (
    <Card padding="lg" component="section" aria-labelledby="document-request-title" className="no-print" data-testid="document-request" style={{ borderColor: 'var(--mantine-color-orange-filled)' }}>
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon color="orange" variant="light" size={36} radius="md">
            <IconFileAlert size={20} aria-hidden />
          </ThemeIcon>
          <Title order={2} size="h4" id="document-request-title">
            {d.title({ label: DOCUMENT_LABELS[request.field] })}
          </Title>
        </Group>
        <Text size="sm">{d.lead}</Text>
        <Text size="sm" className={classes.note}>
          {request.note}
        </Text>
        <DocumentSlot field={request.field} value={undefined} onUploaded={onUploaded} />
        {pending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" />
            <Text size="sm">{d.sending}</Text>
          </Group>
        ) : null}
      </Stack>
    </Card>
  );
}

function BookingView({ view, token }: { view: View; token: string }) {
  const business = useSiteInfo();
  const queryClient = useQueryClient();
  const utils = trpc.useUtils();
  const statusHeading = useRef<HTMLHeadingElement>(null);
  const [received, setReceived] = useState(false);
  const { booking } = view;
  const show = (next: View) => queryClient.setQueryData(['myBooking', token], next);
  const failed = (error: unknown) => {
    notify({ title: c.actionFailedTitle, message: errorMessage(error, c.failed), color: 'red' });
    // Refused (pick-up came near, staff changed the booking meanwhile): show the booking as it is now.
    void queryClient.invalidateQueries({ queryKey: ['myBooking', token] });
  };

  const cancel = trpc.myBooking.cancel.useMutation({
    onSuccess: (next) => {
      show(next);
      notify({ title: messages.myBooking.cancelled, message: null, color: 'green' });
      if (next.booking.carId) void utils.cars.bookedDates.invalidate({ carId: next.booking.carId });
      window.requestAnimationFrame(() => statusHeading.current?.focus());
    },
    onError: failed,
  });
  const replace = trpc.myBooking.replaceDocument.useMutation({
    onSuccess: (next) => {
      show(next);
      setReceived(true);
      notify({ title: messages.myBooking.documentReplaced, message: null, color: 'green' });
    },
    onError: failed,
  });
  return (
    <>
      <Box className={`${classes.band} ${classes.head} no-print`} py={{ base: 24, md: 40 }}>
        <Container size="xl">
          <Stack gap={8}>
            <Title order={1} fz={{ base: 28, md: 36 }}>
              {c.heading}
            </Title>
            <Group gap="sm" align="center">
              <Text fz={{ base: 22, md: 26 }} fw={800} className={classes.code} data-testid="my-booking-reference" aria-label={`${c.reference} ${booking.reference}`}>
                {booking.reference}
              </Text>
              <StatusBadge status={booking.status} />
            </Group>
            <Text c="dimmed">
              {booking.carName} · {c.at({ date: formatLongDate(booking.pickupDate), time: booking.pickupTime })} – {c.at({ date: formatLongDate(booking.returnDate), time: booking.pickupTime })}
            </Text>
          </Stack>
        </Container>
      </Box>
      <Container size="xl" py={{ base: 24, md: 40 }}>
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 5, lg: 4 }} className="no-print">
            <Stack gap="lg">
              {view.documentRequest && isOpen(booking) ? (
                <DocumentRequest request={view.documentRequest} pending={replace.isPending} onUploaded={(objectPath) => replace.mutate({ token, objectPath })} />
              ) : received ? (
                <Alert color="green" variant="light" icon={<IconCircleCheck size={18} aria-hidden />} className="no-print" data-testid="document-received">
                  {c.document.received}
                </Alert>
              ) : null}
              <Section title={c.status.title} headingRef={statusHeading} testId="my-booking-status-card">
                <Stack gap="sm" align="flex-start">
                  <Text size="sm" data-testid="my-booking-status-text">
                    {statusText(booking)}
                  </Text>
                  {booking.status === 'cancelled' ? (
                    <Button component={Link} to={localePath('/booking')} variant="light">
                      {c.status.bookAgain}
                    </Button>
                  ) : null}
                </Stack>
              </Section>
              <Payments view={view} />
              {isOpen(booking) ? <Cancel view={view} pending={cancel.isPending} onCancel={() => cancel.mutate({ token })} /> : null}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 7, lg: 8 }} className={classes.receiptColumn}>
            <Card padding="lg" component="section" aria-labelledby="receipt-title" className={classes.receiptCard} data-testid="my-booking-receipt">
              <Group justify="space-between" gap="sm" pb="sm" mb="md" className={classes.receiptHead}>
                <Title order={2} size="h4" id="receipt-title">
                  {c.receipt.title}
                </Title>
                <Button size="sm" className="no-print" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
                  {c.receipt.print}
                </Button>
              </Group>
              <Receipt
                booking={booking}
                closing={
                  <Stack gap={4}>
                    <Text size="sm">
                      <Text span fw={700}>
                        {c.status.title}: {statusLabel(booking.status)}.
                      </Text>{' '}
                      {statusText(booking)}
                    </Text>
                    {booking.status === 'pending' || booking.status === 'confirmed' ? <PayAhead business={business} reference={booking.reference} /> : null}
                    <Text size="xs" c="dimmed">
                      {c.receipt.questions({ phone: business.phonePrimary, hours: business.hours })}
                    </Text>
                    <Box className="no-print">
                      <Channels business={business} size="xs" />
                    </Box>
                  </Stack>
                }
              />
            </Card>
          </Grid.Col>
        </Grid>
      </Container>
    </>
  );
}

/** What the page shows instead of a booking: why, and the way on (Find my booking, or try again). */
function Notice({ title, text, action }: { title: string; text: string; action: ReactNode }) {
  return (
    <Container size={640} py={{ base: 40, md: 72 }} mih="60vh">
      <Stack gap="md" align="flex-start" data-testid="my-booking-notice">
        <Title order={1} fz={{ base: 28, md: 36 }}>
          {title}
        </Title>
        <Text fz="lg">{text}</Text>
        {action}
      </Stack>
    </Container>
  );
}

/**
 * /my-booking#<token>: the booking the e-mails' "Manage your booking" link names. The server renders
 * the loading state; the browser reads the token from the fragment (never sent to a server) and asks
 * for the booking, which also confirms the renter's e-mail address.
 */
export function MyBookingPage() {
  usePageMeta(c.title, c.description);
  const utils = trpc.useUtils();
  // Undefined until the browser has read the address (the server cannot see the fragment).
  const [token, setToken] = useState<string | null | undefined>(undefined);
  useEffect(() => {
    const read = () => setToken(tokenFromHash(window.location.hash));
    read();
    window.addEventListener('hashchange', read);
    return () => window.removeEventListener('hashchange', read);
  }, []);
  const view = useQuery({
    queryKey: ['myBooking', token],
    // Opening the booking is a write (it proves the e-mail address), so the server has it as a mutation.
    queryFn: () => utils.client.myBooking.open.mutate({ token: token! }),
    enabled: Boolean(token),
  });
  const find = (
    <Button component={Link} to={localePath(FIND_BOOKING_PATH)} size="md">
      {c.findBooking}
    </Button>
  );

  if (token === null) return <Notice title={c.noLinkTitle} text={c.noLink} action={find} />;
  if (view.isError) {
    return isUnauthorized(view.error) ? (
      <Notice title={c.invalidTitle} text={errorMessage(view.error, messages.errors.manageLinkInvalid)} action={find} />
    ) : (
      <Notice
        title={c.failedTitle}
        text={errorMessage(view.error, c.failed)}
        action={
          <Button size="md" onClick={() => void view.refetch()} loading={view.isFetching}>
            {c.retry}
          </Button>
        }
      />
    );
  }
  if (!token || !view.data) {
    return (
      <Container size={640} py={{ base: 40, md: 72 }} mih="60vh">
        <Stack gap="md" aria-busy="true">
          <Title order={1} fz={{ base: 28, md: 36 }}>
            {c.heading}
          </Title>
          <Group gap="sm" role="status">
            <Loader size="sm" />
            <Text>{c.loading}</Text>
          </Group>
        </Stack>
      </Container>
    );
  }
  return <BookingView view={view.data} token={token} />;
}
