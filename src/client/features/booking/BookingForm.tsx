// Mantine's styles for the components only the booking form and its receipt render (see src/client/mantineStyles.ts).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/RadioCard.css';
import '@mantine/core/styles/RadioIndicator.css';
import '@mantine/core/styles/Radio.css';
import {
  Alert,
  Anchor,
  Box,
  Button,
  Card,
  Checkbox,
  Collapse,
  Group,
  List,
  Radio,
  ScrollArea,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertTriangle, IconCalendar, IconFileText, IconReceipt, IconUser } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { depositFor, telHref } from '../../../shared/business';
import { RANGE_PROBLEMS, firstBookedDayBetween, rangeProblem, selectionIsFree, type BookedRange, type DateSelection } from '../../../shared/calendar';
import { formatLongDate, isIsoDate, todayInManila } from '../../../shared/dates';
import { DELIVERY_AREA_LABELS, distanceServiceLabel, driverServiceLabel, type ServiceLabel } from '../../../shared/labels';
import { messages } from '../../../shared/messages';
import { formatPeso } from '../../../shared/money';
import {
  DELIVERY_AREAS,
  DELIVERY_FEE,
  DISTANCE_SERVICES,
  DRIVER_SERVICES,
  computePrice,
} from '../../../shared/pricing';
import { priceRows } from '../../../shared/receipt';
import { NAME_CHECK_MIN_LENGTH } from '../../../shared/schemas/blocklist.schema';
import {
  DOCUMENT_FIELDS,
  documentIssuePath,
  PICKUP_TIMES,
  type DocumentField,
  ZBookingFormSchema,
  type TRenterBooking,
  type TCreateBookingInput,
} from '../../../shared/schemas/booking.schema';
import type { TCar } from '../../../shared/schemas/car.schema';
import { bookingFormCopy } from '../../content/bookingForm';
import { calendarCopy } from '../../content/calendar';
import { trpc } from '../../trpc';
import { useHydrated } from '../../useHydrated';
import { useRequestKey } from '../../useRequestKey';
import { BookingConfirmation } from './BookingConfirmation';
import { DocumentUploads, documentPaths, type DocumentValues } from './DocumentUploads';
import { BLANK_VALUES, RENTER_DRAFT_KEY, clearDrafts, type DraftableValues, keepDraft, readRentalDraft, readRenterDraft, rentalDraftKey, rentalDraftText, renterDraftText, storedDraft } from './bookingDraft';
import { PriceSummary } from './PriceSummary';
import { useSiteInfo } from '../site/useSiteInfo';
import { RentalCalendar } from './RentalCalendar';
import { notify } from '../../notify';
import { FormFields } from '../../components/FormFields/FormFields';
import { EmailAddress } from '../../components/EmailAddress/EmailAddress';
import { localePath } from '../../i18n';
import { Channels } from '../../components/Channels/Channels';

const f = bookingFormCopy.fields;
const reach = bookingFormCopy.blockedReach;

/** A link to the garage inside the red alert, underlined; a phone number is never split over two lines. */
function ContactLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Anchor href={href} c="inherit" fw={700} underline="always" style={href.startsWith('tel:') ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}>
      {children}
    </Anchor>
  );
}

interface BookingFormValues extends DraftableValues {
  acceptTerms: boolean;
}

const INITIAL: BookingFormValues = { ...BLANK_VALUES, acceptTerms: false };

/** Why dates given in the address cannot be chosen for this car, or null when they can. */
function linkedDatesProblem(dates: DateSelection, today: string, booked: readonly BookedRange[]): string | null {
  const { pickupDate, returnDate } = dates;
  if (!pickupDate || !isIsoDate(pickupDate)) return RANGE_PROBLEMS.pickupDate.message;
  if (returnDate) {
    const problem = rangeProblem(pickupDate, returnDate, today);
    if (problem) return RANGE_PROBLEMS[problem].message;
    if (firstBookedDayBetween(pickupDate, returnDate, booked)) return bookingFormCopy.link.taken;
    return null;
  }
  const problem = rangeProblem(pickupDate, pickupDate, today);
  if (problem === 'past' || problem === 'tooFar') return RANGE_PROBLEMS[problem].message;
  return firstBookedDayBetween(pickupDate, pickupDate, booked) ? bookingFormCopy.link.taken : null;
}

/** "December 1, 2026 – December 4, 2026", or the dates as the address wrote them. */
function linkedRange(dates: DateSelection): string {
  const shown = (date: string | null) => (date && isIsoDate(date) ? formatLongDate(date) : (date ?? '…'));
  return dates.returnDate ? `${shown(dates.pickupDate)} – ${shown(dates.returnDate)}` : shown(dates.pickupDate);
}

function FormSection({ step, title, icon, children }: { step: number; title: string; icon: ReactNode; children: ReactNode }) {
  const id = `booking-step-${step}`;
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Group gap="sm" mb="md" wrap="nowrap">
        <ThemeIcon variant="light" size={34} radius="xl">
          {icon}
        </ThemeIcon>
        <Title order={3} size="h4" id={id}>
          <Text span c="dimmed" fw={700} inherit>
            {step}.{' '}
          </Text>
          {title}
        </Title>
      </Group>
      {children}
    </Card>
  );
}

function ServiceRadios<T extends string>({ label, options, labelOf, value, onChange }: { label: string; options: readonly T[]; labelOf: (option: T) => ServiceLabel; value: T; onChange: (value: T) => void }) {
  return (
    <Radio.Group label={label} value={value} onChange={(next) => onChange(next as T)}>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="xs" mt="xs">
        {options.map((option) => {
          const text = labelOf(option);
          // One tab stop per group, on the chosen card; the arrow keys move between the cards (Mantine's).
          return (
            <Radio.Card key={option} value={option} radius="md" p="sm" h="100%" style={{ display: 'flex', alignItems: 'flex-start' }} data-checked={value === option || undefined} aria-label={text.label} tabIndex={value === option ? 0 : -1}>
              <Group wrap="nowrap" align="flex-start" gap="sm">
                <Radio.Indicator />
                <div>
                  <Text size="sm" fw={600}>
                    {text.label}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {text.detail}
                  </Text>
                </div>
              </Group>
            </Radio.Card>
          );
        })}
      </SimpleGrid>
    </Radio.Group>
  );
}

/** The rental terms in their order, with the car's deposit (pesos, "₱3,000"). */
function termPoints(deposit: string): string[] {
  const p = bookingFormCopy.terms.points;
  return [p.age, p.deposit({ deposit }), p.cancellation, p.fuel, p.speed, p.driver];
}

/**
 * The booking form for one car: renter, dates on the calendar, services, delivery, the three
 * documents, the live price (the same pricing module the server charges with), the terms, and
 * the confirmation with the server's own figures. Each new `focusRequest` (a car was just chosen)
 * puts the focus on its first field, where the visitor goes on.
 */
export interface BookingFormProps {
  car: TCar;
  /** Dates from the address (/booking?car=&pickup=&return=): chosen once the car's booked days are known, or said why not. */
  linkedDates?: DateSelection | null;
  /** Told whenever the renter changes the dates on the calendar. */
  onDatesChange?: (dates: DateSelection) => void;
  /** Raised each time a visitor chooses a car, to move the focus to the form's first field. */
  focusRequest?: number;
}

/** A range's dates as one string, to tell one range from another. */
const datesKey = (dates: DateSelection): string => `${dates.pickupDate ?? ''}/${dates.returnDate ?? ''}`;

export function BookingForm({ car, linkedDates = null, onDatesChange, focusRequest = 0 }: BookingFormProps) {
  const utils = trpc.useUtils();
  const business = useSiteInfo();
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The page scrolls to the form itself (smoothly): focusing must not jump it elsewhere.
    if (focusRequest > 0) formRef.current?.querySelector<HTMLElement>('input:not([type="hidden"])')?.focus({ preventScroll: true });
  }, [focusRequest]);
  const [today] = useState(() => todayInManila());
  const [documents, setDocuments] = useState<DocumentValues>({});
  const [showMissingDocuments, setShowMissingDocuments] = useState(false);
  // Documents the server refused (a draft's, no longer on the server; the same file as another): each slot says why.
  const [documentProblems, setDocumentProblems] = useState<Partial<Record<DocumentField, string>>>({});
  const [datesTaken, setDatesTaken] = useState(false);
  // Set when the server refused the booking as taken: the calendar's message is then brought into
  // view. Dates someone else takes while the renter types are said without moving the page.
  const showDatesOnConflict = useRef(false);
  useEffect(() => {
    if (!datesTaken || !showDatesOnConflict.current) return;
    showDatesOnConflict.current = false;
    document.getElementById('booking-step-2')?.scrollIntoView({ block: 'start', behavior: 'smooth' });
  }, [datesTaken]);
  const [confirmed, setConfirmed] = useState<TRenterBooking | null>(null);

  const form = useForm<BookingFormValues>({
    mode: 'controlled',
    initialValues: INITIAL,
    validate: schemaResolver(ZBookingFormSchema, { sync: true }),
  });
  const values = form.getValues();

  const bookedDates = trpc.cars.bookedDates.useQuery({ carId: car.id });
  const booked = useMemo(() => bookedDates.data ?? [], [bookedDates.data]);
  const selection: DateSelection = { pickupDate: values.pickupDate || null, returnDate: values.returnDate || null };

  // Booked dates can arrive or change under a chosen range (someone else booked it): start over.
  const [seenBooked, setSeenBooked] = useState(booked);
  if (seenBooked !== booked) {
    setSeenBooked(booked);
    if (!selectionIsFree(selection, { today, booked })) {
      form.setValues({ pickupDate: '', returnDate: '' });
      setDatesTaken(true);
    }
  }

  // Dates from the address are chosen once the booked days are known; dates that cannot be are
  // explained on the calendar (never dropped silently).
  const [linkProblem, setLinkProblem] = useState<string | null>(null);
  const [linkSeen, setLinkSeen] = useState<string | null>(null);
  // The calendar opens on the linked pickup's month: it is drawn anew when dates arrive from the address.
  const [calendarKey, setCalendarKey] = useState(0);
  const linkKey = linkedDates ? datesKey(linkedDates) : null;
  // The dates this form last gave the page (`onDatesChange`), which writes them into the address: their
  // echo is no link. The page's navigation is a transition, so on a slow phone the echo can come after
  // the renter's next click (the pick-up of a new range), which it must not undo.
  const [sentKey, setSentKey] = useState<string | null>(null);
  if (linkedDates && linkKey !== linkSeen && !bookedDates.isLoading) {
    setLinkSeen(linkKey);
    const current = form.getValues();
    if (linkKey !== sentKey && linkKey !== datesKey({ pickupDate: current.pickupDate, returnDate: current.returnDate })) {
      const problem = linkedDatesProblem(linkedDates, today, booked);
      setLinkProblem(problem ? bookingFormCopy.link.problem({ range: linkedRange(linkedDates), reason: /[.!?]$/.test(problem) ? problem : `${problem}.` }) : null);
      form.setValues(problem ? { pickupDate: '', returnDate: '' } : { pickupDate: linkedDates.pickupDate ?? '', returnDate: linkedDates.returnDate ?? '' });
      if (!problem) setCalendarKey((key) => key + 1);
    }
  }

  // The tab's draft (bookingDraft.ts), restored once, as soon as the form has hydrated (the server's
  // markup and the first render must match; a form rendered in the browser restores at once), when
  // its fields become usable (FormFields). The address's dates win over the draft's. The terms are
  // never restored, and the price is always computed from the restored dates and options.
  const hydrated = useHydrated();
  const [restored, setRestored] = useState(false);
  if (hydrated && !restored) {
    setRestored(true);
    const renter = readRenterDraft(storedDraft(RENTER_DRAFT_KEY));
    const rental = readRentalDraft(storedDraft(rentalDraftKey(car.id)));
    const next: Partial<BookingFormValues> = {};
    if (renter) {
      const { version: _renterVersion, documents: kept, ...details } = renter;
      Object.assign(next, details);
      setDocuments(kept);
    }
    if (rental) {
      const { version: _rentalVersion, pickupDate, returnDate, ...options } = rental;
      Object.assign(next, options);
      const dates = { pickupDate: pickupDate || null, returnDate: returnDate || null };
      if (!linkedDates && pickupDate) {
        // Booked days not known yet are checked when they arrive (above), as for dates chosen.
        if (bookedDates.isLoading || selectionIsFree(dates, { today, booked })) {
          Object.assign(next, { pickupDate, returnDate });
          setCalendarKey((key) => key + 1);
        } else setDatesTaken(true);
      }
    }
    if (Object.keys(next).length) form.setValues(next);
  }
  const renterDraft = renterDraftText(values, documents);
  const rentalDraft = rentalDraftText(values);
  useEffect(() => {
    if (!restored || confirmed) return;
    keepDraft(RENTER_DRAFT_KEY, renterDraft);
    keepDraft(rentalDraftKey(car.id), rentalDraft);
  }, [restored, confirmed, renterDraft, rentalDraft, car.id]);

  const [checkedName] = useDebouncedValue(values.fullName.trim(), 400);
  const nameCheck = trpc.blocklist.check.useQuery({ name: checkedName }, { enabled: checkedName.length >= NAME_CHECK_MIN_LENGTH });
  const blocked = checkedName.length >= NAME_CHECK_MIN_LENGTH && checkedName === values.fullName.trim() && nameCheck.data?.isBlocked === true;

  const price = values.pickupDate && values.returnDate
    ? computePrice({
        dailyRate: car.dailyRate,
        pickupDate: values.pickupDate,
        returnDate: values.returnDate,
        driverService: values.driverService,
        distanceService: values.distanceService,
        deliveryArea: values.wantsDelivery ? values.deliveryArea : null,
      })
    : null;

  const requestKey = useRequestKey();
  const create = trpc.bookings.create.useMutation({
    onSuccess: (answer) => {
      clearDrafts();
      notify({ title: messages.booking.successTitle, message: messages.booking.success, color: 'green' });
      setConfirmed(answer.booking);
      void utils.cars.bookedDates.invalidate({ carId: car.id });
    },
    onError: (error) => {
      // A document the server refused (kept over a reload but no longer on the server, or the same
      // file as another, which the browser's own check knows only since the reload): its slot asks for it again.
      const refusedDocuments = DOCUMENT_FIELDS.flatMap((field) => {
        const issue = error.data?.issues?.find((candidate) => candidate.path === documentIssuePath(field));
        return issue ? [{ field, message: issue.message }] : [];
      });
      const [first] = refusedDocuments;
      if (first) {
        setDocuments((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !refusedDocuments.some((refused) => refused.field === field))));
        setDocumentProblems(Object.fromEntries(refusedDocuments.map((refused) => [refused.field, refused.message])));
        notify({ title: messages.booking.failedTitle, message: bookingFormCopy.documents.refused({ label: bookingFormCopy.documents.slots[first.field].label, reason: first.message }), color: 'red' });
        // The slot itself in the middle of the screen (the section is taller than a phone's, and the
        // notice rises over its lower part), its button focused to choose the file again.
        const slot = formRef.current?.querySelector<HTMLElement>(`.document-slot[data-field="${first.field}"]`);
        slot?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        slot?.querySelector<HTMLElement>('button')?.focus({ preventScroll: true });
        return;
      }
      notify({ title: messages.booking.failedTitle, message: error.message || messages.booking.failedDefault, color: 'red' });
      if (error.data?.code === 'CONFLICT') {
        // Dates taken meanwhile: the calendar clears them and says so, out of sight above the button.
        showDatesOnConflict.current = true;
        void utils.cars.bookedDates.invalidate({ carId: car.id });
      }
      if (error.data?.code === 'FORBIDDEN') void utils.blocklist.check.invalidate();
    },
  });

  const focusFirstError = () => {
    window.requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-invalid="true"]');
      invalid?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      invalid?.focus({ preventScroll: true });
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    showDatesOnConflict.current = false;
    if (blocked) {
      notify({ title: messages.booking.blockedTitle, message: messages.booking.blockedAlert, color: 'red' });
      return;
    }
    const validation = form.validate();
    const paths = documentPaths(documents);
    const missing = !paths;
    setShowMissingDocuments(missing);
    if (validation.hasErrors) {
      focusFirstError();
      return;
    }
    if (!paths) {
      notify({ title: messages.booking.documentsTitle, message: messages.validation.documentsRequired, color: 'red' });
      document.getElementById('booking-step-3')?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      return;
    }
    const v = form.getValues();
    const request: TCreateBookingInput = {
      customer: {
        fullName: v.fullName,
        email: v.email,
        phone: v.phone,
        license: v.license || undefined,
        facebookProfile: v.facebookProfile || undefined,
        ...paths,
      },
      booking: {
        carId: car.id,
        pickupDate: v.pickupDate,
        returnDate: v.returnDate,
        pickupTime: v.pickupTime as (typeof PICKUP_TIMES)[number],
        driverService: v.driverService,
        distanceService: v.distanceService,
        wantsDelivery: v.wantsDelivery,
        deliveryArea: v.wantsDelivery ? v.deliveryArea : null,
        deliveryAddress: v.wantsDelivery ? v.deliveryAddress : null,
      },
    };
    // Sent again unchanged (its answer was lost), the request keeps its key: the booking it made answers.
    create.mutate({ ...request, idempotencyKey: requestKey(request) });
  };

  const dateError = (form.errors.pickupDate ?? form.errors.returnDate ?? null) as string | null;

  return (
    <>
      <form ref={formRef} noValidate onSubmit={submit} aria-label={bookingFormCopy.formLabel({ car: car.name })} data-testid="booking-form">
        <input type="hidden" name="pickupDate" value={values.pickupDate} />
        <input type="hidden" name="returnDate" value={values.returnDate} />
        <FormFields>
          <Stack gap="lg">
            <FormSection step={1} title={bookingFormCopy.sections.personal} icon={<IconUser size={18} aria-hidden />}>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <TextInput label={f.fullName} placeholder={f.fullNamePlaceholder} withAsterisk autoComplete="name" {...form.getInputProps('fullName')} />
                <TextInput label={f.email} placeholder={f.emailPlaceholder} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
                <TextInput label={f.phone} placeholder={f.phonePlaceholder} withAsterisk type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
                <TextInput label={f.license} placeholder={f.licensePlaceholder} {...form.getInputProps('license')} />
                <TextInput label={f.facebookProfile} placeholder={f.facebookPlaceholder} {...form.getInputProps('facebookProfile')} style={{ gridColumn: '1 / -1' }} />
              </SimpleGrid>
              {blocked ? (
                <Alert color="red" variant="filled" mt="md" icon={<IconAlertTriangle size={18} aria-hidden />} data-testid="blocked-alert" role="alert">
                  <Text inherit>{messages.booking.blockedAlert}</Text>
                  <Text inherit mt={4} data-testid="blocked-contact">
                    {reach.call}
                    <ContactLink href={telHref(business.phonePrimary)}>{business.phonePrimary}</ContactLink>
                    {reach.or}
                    <ContactLink href={telHref(business.phoneSecondary)}>{business.phoneSecondary}</ContactLink>
                    {reach.email}
                    <ContactLink href={`mailto:${business.email}`}>
                      <EmailAddress address={business.email} />
                    </ContactLink>
                    {reach.end}
                  </Text>
                  <Box mt="xs">
                    <Channels business={business} size="xs" variant="white" />
                  </Box>
                </Alert>
              ) : null}
            </FormSection>

            <FormSection step={2} title={bookingFormCopy.sections.rental} icon={<IconCalendar size={18} aria-hidden />}>
              <Stack gap="lg">
                <RentalCalendar
                  key={calendarKey}
                  today={today}
                  booked={booked}
                  loading={bookedDates.isLoading}
                  failed={bookedDates.isError}
                  value={selection}
                  error={datesTaken ? calendarCopy.noLongerFree : (linkProblem ?? dateError)}
                  onChange={(next) => {
                    setDatesTaken(false);
                    setLinkProblem(null);
                    form.setValues({ pickupDate: next.pickupDate ?? '', returnDate: next.returnDate ?? '' });
                    // The page writes a whole range only: a pick-up alone leaves the address as it was.
                    if (next.returnDate) setSentKey(datesKey(next));
                    onDatesChange?.(next);
                    form.clearFieldError('pickupDate');
                    form.clearFieldError('returnDate');
                  }}
                />
                <Select
                  label={f.pickupTime}
                  description={f.pickupTimeHint}
                  data={[...PICKUP_TIMES]}
                  allowDeselect={false}
                  maw={320}
                  {...form.getInputProps('pickupTime')}
                />
                <ServiceRadios label={f.driverService} options={DRIVER_SERVICES} labelOf={driverServiceLabel} value={values.driverService} onChange={(next) => form.setFieldValue('driverService', next)} />
                <ServiceRadios label={f.distanceService} options={DISTANCE_SERVICES} labelOf={distanceServiceLabel} value={values.distanceService} onChange={(next) => form.setFieldValue('distanceService', next)} />
                <div>
                  <Checkbox label={f.wantsDelivery} description={f.wantsDeliveryHint} {...form.getInputProps('wantsDelivery', { type: 'checkbox' })} />
                  <Collapse expanded={values.wantsDelivery}>
                    {values.wantsDelivery ? (
                      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt="md">
                        <Select
                          label={f.deliveryArea}
                          withAsterisk
                          placeholder={f.deliveryArea}
                          data={DELIVERY_AREAS.map((area) => ({
                            value: area,
                            label: `${DELIVERY_AREA_LABELS[area]} — ${DELIVERY_FEE[area] === 0 ? f.deliveryAreaFree : formatPeso(DELIVERY_FEE[area], 'centavos')}`,
                          }))}
                          allowDeselect={false}
                          {...form.getInputProps('deliveryArea')}
                        />
                        <Textarea label={f.deliveryAddress} placeholder={f.deliveryAddressPlaceholder} withAsterisk autosize minRows={2} maxRows={5} autoComplete="street-address" {...form.getInputProps('deliveryAddress')} />
                      </SimpleGrid>
                    ) : null}
                  </Collapse>
                </div>
              </Stack>
            </FormSection>

            <FormSection step={3} title={bookingFormCopy.sections.documents} icon={<IconFileText size={18} aria-hidden />}>
              <DocumentUploads
                value={documents}
                showMissing={showMissingDocuments}
                problems={documentProblems}
                onChange={(field, uploaded) => {
                  setDocumentProblems(({ [field]: _solved, ...others }) => others);
                  setDocuments((current) => {
                    const next = { ...current, [field]: uploaded };
                    if (documentPaths(next)) setShowMissingDocuments(false);
                    return next;
                  });
                }}
              />
              {showMissingDocuments ? (
                <Text size="sm" c="var(--mantine-color-error)" mt="sm" role="alert" data-testid="documents-error">
                  {messages.validation.documentsRequired}
                </Text>
              ) : null}
            </FormSection>

            <FormSection step={4} title={bookingFormCopy.sections.pricing} icon={<IconReceipt size={18} aria-hidden />}>
              <div aria-live="polite">
                {price && price.days > 0 ? (
                  <PriceSummary rows={priceRows(price.lines, { deliveryArea: values.wantsDelivery ? values.deliveryArea : null })} total={price.total} deposit={depositFor(car, business)} testId="price-summary" />
                ) : (
                  <Text c="dimmed" size="sm" data-testid="price-empty">
                    {bookingFormCopy.pricing.empty}
                  </Text>
                )}
              </div>
              <Text size="xs" c="dimmed" mt="sm">
                {bookingFormCopy.pricing.payAtPickup}
              </Text>
            </FormSection>

            <FormSection step={5} title={bookingFormCopy.sections.terms} icon={<IconAlertTriangle size={18} aria-hidden />}>
              <ScrollArea.Autosize mah={170} type="auto" offsetScrollbars className="terms-box" tabIndex={0} aria-label={bookingFormCopy.sections.terms}>
                <List size="sm" spacing={6}>
                  {termPoints(formatPeso(depositFor(car, business))).map((point) => (
                    <List.Item key={point}>{point}</List.Item>
                  ))}
                </List>
              </ScrollArea.Autosize>
              {/* The box below accepts both: each opens in a tab of its own, so the form keeps what was typed. */}
              <Group gap="lg" mt="sm" style={{ rowGap: 4 }}>
                <Anchor component={Link} to={localePath('/terms')} target="_blank" rel="noopener" size="sm">
                  {bookingFormCopy.terms.full}
                </Anchor>
                <Anchor component={Link} to={localePath('/privacy')} target="_blank" rel="noopener" size="sm">
                  {bookingFormCopy.terms.privacy}
                </Anchor>
              </Group>
              <Checkbox mt="md" label={bookingFormCopy.terms.accept} {...form.getInputProps('acceptTerms', { type: 'checkbox' })} />
              <Button
                type="submit"
                size="lg"
                fullWidth
                mt="lg"
                className="wrapping-button"
                color={blocked ? 'red.9' : undefined}
                disabled={create.isPending}
                data-testid="booking-submit"
              >
                {create.isPending ? bookingFormCopy.submit.pending : blocked ? bookingFormCopy.submit.blocked : bookingFormCopy.submit.idle}
              </Button>
            </FormSection>
          </Stack>
        </FormFields>
      </form>
      <BookingConfirmation booking={confirmed} onClose={() => window.location.reload()} />
    </>
  );
}

