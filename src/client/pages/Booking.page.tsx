import { Alert, Box, Card, Container, Grid, Group, NativeSelect, Skeleton, Stack, Text, Title, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memo, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RANGE_PROBLEMS, rangeProblem, type DateSelection } from '../../shared/calendar';
import { siteSearchParams, type SiteSearch } from '../../shared/carLinks';
import { matchesFilters, readSiteSearch, sortCars } from '../../shared/carSearch';
import { todayInManila } from '../../shared/dates';
import { formatPeso } from '../../shared/money';
import { CAR_SORTS, type CarSort } from '../../shared/cars';
import type { TCar, TCarSearchResult } from '../../shared/schemas/car.schema';
import { HydrateWhenSeen } from '../components/HydrateWhenSeen/HydrateWhenSeen';
import { bookingCopy } from '../content/booking';
import { searchCopy } from '../content/search';
import { copy } from '../content/site';
import { LazyBookingForm } from '../features/booking/LazyBookingForm';
import { NoCarSelected, SelectedCar } from '../features/booking/SelectedCar';
import { useCars } from '../features/fleet/useCars';
import { DateSearchForm } from '../features/search/DateSearchForm';
import { trpc } from '../trpc';
import { useAfterHydration } from '../useAfterHydration';
import { usePageMeta } from '../usePageMeta';
import classes from './Booking.page.module.css';

const r = searchCopy.results;

function VehicleOption({ car, quote, selected, onSelect }: { car: TCar; quote?: TCarSearchResult['quote'] | undefined; selected: boolean; onSelect: (car: TCar) => void }) {
  return (
    <UnstyledButton
      className={classes.option}
      data-selected={selected || undefined}
      disabled={!car.available}
      aria-pressed={selected}
      onClick={() => onSelect(car)}
      data-testid="vehicle-option"
    >
      <span className={classes.picture}>
        <img src={car.imageUrl} alt="" width={96} height={60} loading="lazy" decoding="async" className={classes.thumb} />
        {selected ? <span className={classes.chosen}>{bookingCopy.page.chosen}</span> : null}
      </span>
      <div className={classes.details}>
        <Text fw={700} size="sm" lineClamp={2}>
          {car.name}
        </Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {car.category} · {copy.fleet.seats({ count: car.seats })} · {car.transmission}
        </Text>
        {quote ? (
          <Text size="sm" fw={700} c="var(--color-accent-text)" data-testid="vehicle-total">
            {formatPeso(quote.total)}
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              {r.totalFor({ days: quote.totalDays })} · {formatPeso(car.dailyRate)}
              {copy.fleet.perDay}
            </Text>
          </Text>
        ) : (
          <Text size="sm" fw={700} c={car.available ? 'var(--color-accent-text)' : 'dimmed'}>
            {car.available ? (
              <>
                {formatPeso(car.dailyRate)}
                <Text span size="xs" c="dimmed" fw={400}>
                  {copy.fleet.perDay}
                </Text>
              </>
            ) : (
              copy.fleet.unavailable
            )}
          </Text>
        )}
      </div>
    </UnstyledButton>
  );
}

/** Why a search's dates cannot be searched, or null. */
function datesProblem(search: SiteSearch, today: string): string | null {
  if (!search.pickupDate || !search.returnDate) return null;
  const problem = rangeProblem(search.pickupDate, search.returnDate, today);
  return problem ? RANGE_PROBLEMS[problem].message : null;
}

const skeletons = (n: number) => Array.from({ length: n }, (_, i) => <Skeleton key={i} h={76} radius="md" />);

interface VehicleListProps {
  cars: TCar[] | undefined;
  search: SiteSearch;
  /** The search's answer, once there is one (null: no search). */
  results: TCarSearchResult[] | undefined | null;
  resultsFailed: boolean;
  chosenId: string | null;
  onSelect: (car: TCar) => void;
}

/**
 * The list's rows: the cars free for the dates with their totals, or the whole fleet (the server's
 * rows, each hydrated as it scrolls into the list's box). A memo: reading the address after
 * hydration changes nothing here unless it holds a search, so the rows not yet hydrated are left
 * as they are.
 */
const VehicleList = memo(function VehicleList({ cars, search, results, resultsFailed, chosenId, onSelect }: VehicleListProps) {
  if (results === null) {
    if (!cars) return skeletons(5);
    const fleet = sortCars(cars.filter((car) => matchesFilters(car, search)), search.sort);
    if (!fleet.length) {
      return (
        <Text size="sm" c="dimmed">
          {r.noneFiltered}
        </Text>
      );
    }
    return fleet.map((car) => (
      <HydrateWhenSeen key={car.id}>
        <VehicleOption car={car} selected={car.id === chosenId} onSelect={onSelect} />
      </HydrateWhenSeen>
    ));
  }
  if (!results) {
    if (resultsFailed) return <Alert color="red">{r.failed}</Alert>;
    return (
      <div aria-busy="true" aria-label={r.loading}>
        <Stack gap={8}>{skeletons(5)}</Stack>
      </div>
    );
  }
  if (!results.length) {
    return (
      <Text size="sm" c="dimmed" data-testid="no-results">
        {r.none}
      </Text>
    );
  }
  return sortCars(results, search.sort).map((car) => <VehicleOption key={car.id} car={car} quote={car.quote} selected={car.id === chosenId} onSelect={onSelect} />);
});

interface FormColumnProps {
  chosen: TCar | null;
  linkedDates: DateSelection | null;
  onDatesChange: (dates: DateSelection) => void;
  carUnavailable: boolean;
  noCarMessage: string | undefined;
  /** Raised each time a car is chosen in the list: the form takes the focus. */
  focusRequest: number;
}

const browse = () => document.getElementById('vehicle-list')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

/** The chosen car and its form, or the prompt to choose one: hydrated when seen, a memo for the same reason as the list. */
const FormColumn = memo(function FormColumn({ chosen, linkedDates, onDatesChange, carUnavailable, noCarMessage, focusRequest }: FormColumnProps) {
  return (
    <HydrateWhenSeen>
      {chosen ? (
        <Stack gap="lg">
          <SelectedCar car={chosen} layout="row" />
          <LazyBookingForm key={chosen.id} car={chosen} linkedDates={linkedDates} onDatesChange={onDatesChange} focusRequest={focusRequest} />
        </Stack>
      ) : (
        <Stack gap="md">
          {carUnavailable ? (
            <Alert color="orange" variant="light" data-testid="car-unavailable">
              {r.carUnavailable}
            </Alert>
          ) : null}
          <NoCarSelected onBrowse={browse} {...(noCarMessage ? { message: noCarMessage } : {})} />
        </Stack>
      )}
    </HydrateWhenSeen>
  );
});

/**
 * /booking: the date search above, the vehicle list on the left (the cars free for the dates with
 * the rental's total, or the whole fleet before dates are chosen), the form for the chosen car on
 * the right (stacked on phones). Every choice lives in the address, so a search or a chosen car with
 * its dates can be shared: /booking?pickup=&return=&seats=&transmission=&category=&sort=&car=.
 * The server renders the page without the search (its page is cached per car, not per search): the
 * address is read once the page has hydrated (useAfterHydration).
 */
export function BookingPage() {
  usePageMeta(bookingCopy.page.title, bookingCopy.page.description);
  const cars = useCars();
  const [params, setParams] = useSearchParams();
  const chosenId = params.get('car');
  const chosen = cars.data?.find((car) => car.id === chosenId && car.available) ?? null;
  // The server's page shows a bookable car and nothing else of the address.
  const { ready: hydrated, probe } = useAfterHydration([...params.keys()].some((name) => name !== 'car') || (chosenId !== null && !chosen));
  const query = hydrated ? params.toString() : '';
  const { search, invalid } = useMemo(() => readSiteSearch(new URLSearchParams(query)), [query]);
  const problem = datesProblem(search, todayInManila());
  const searching = Boolean(search.pickupDate && search.returnDate && !problem && !invalid.includes('pickup') && !invalid.includes('return'));

  const results = trpc.cars.search.useQuery(
    { pickupDate: search.pickupDate ?? '', returnDate: search.returnDate ?? '', seats: search.seats, transmission: search.transmission, category: search.category },
    { enabled: searching },
  );

  const chosenCarId = chosen?.id ?? null;
  const update = useCallback(
    (next: Partial<SiteSearch>, car: string | null = chosenCarId) => setParams(siteSearchParams({ ...search, ...next }, car), { replace: true }),
    [search, chosenCarId, setParams],
  );
  // Counts the cars chosen here (not one named by the address): each moves the focus to the form.
  const [focusRequest, setFocusRequest] = useState(0);
  const choose = useCallback(
    (car: TCar) => {
      update({}, car.id);
      setFocusRequest((count) => count + 1);
      window.requestAnimationFrame(() => document.getElementById('booking-form-column')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
    },
    [update],
  );
  const datesChanged = useCallback(
    (dates: DateSelection) => {
      if (dates.pickupDate === search.pickupDate && dates.returnDate === search.returnDate) return;
      if (dates.pickupDate && !dates.returnDate) return;
      update({ pickupDate: dates.pickupDate, returnDate: dates.returnDate });
    },
    [search, update],
  );
  const linkedDates = useMemo(
    () => (search.pickupDate || search.returnDate ? { pickupDate: search.pickupDate, returnDate: search.returnDate } : null),
    [search.pickupDate, search.returnDate],
  );

  const found = searching ? results.data : null;
  const unreadable = invalid.filter((name) => name !== 'pickup' && name !== 'return');

  return (
    <Box py={{ base: 32, md: 56 }} bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      {probe}
      <Container size="xl">
        <Stack gap={6} mb={{ base: 20, md: 28 }} maw={720}>
          <Title order={1} fz={{ base: 30, md: 40 }}>
            {bookingCopy.page.heading}
          </Title>
          <Text c="dimmed" fz="lg">
            {bookingCopy.page.lead}
          </Text>
        </Stack>
        <Card padding="md" mb={{ base: 20, md: 28 }} component="section" aria-label={searchCopy.label}>
          <DateSearchForm
            value={search}
            cars={cars.data}
            submitLabel={searchCopy.submit}
            error={invalid.includes('pickup') || invalid.includes('return') ? RANGE_PROBLEMS.pickupDate.message : problem}
            onSearch={(next) => update(next)}
          />
          {unreadable.length ? (
            <Alert color="orange" variant="light" mt="sm" p="xs" data-testid="search-unreadable">
              <Text size="sm">
                {r.unreadable} {unreadable.map((name) => r.unreadableParams[name]).join(', ')}.
              </Text>
            </Alert>
          ) : null}
        </Card>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card padding="md" id="vehicle-list" className={classes.listCard} component="section" aria-labelledby="vehicle-list-title">
              <Group justify="space-between" align="flex-end" gap="xs" mb="sm">
                <Title order={2} size="h5" id="vehicle-list-title" aria-live="polite" className={classes.listTitle}>
                  {found ? r.title({ count: found.length }) : bookingCopy.page.vehicles}
                </Title>
                <NativeSelect
                  size="xs"
                  label={r.sort}
                  className={classes.sort}
                  value={search.sort ?? ''}
                  onChange={(event) => update({ sort: CAR_SORTS.find((option) => option === event.currentTarget.value) as CarSort | undefined })}
                  data={[{ label: r.sortOptions.fleet, value: '' }, ...CAR_SORTS.map((option) => ({ label: r.sortOptions[option], value: option }))]}
                />
              </Group>
              {searching ? null : (
                <Text size="xs" c="dimmed" mb="sm">
                  {r.fleetHint}
                </Text>
              )}
              {cars.isError ? <Alert color="red">{copy.fleet.error}</Alert> : null}
              <div className={classes.scroll}>
                <Stack gap={8}>
                  <VehicleList cars={cars.data} search={search} results={found} resultsFailed={results.isError} chosenId={chosenCarId} onSelect={choose} />
                </Stack>
              </div>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} id="booking-form-column">
            {/* The column's heading for screen readers: the car and form below are not the vehicle list's. */}
            <VisuallyHidden component="h2">{bookingCopy.page.formHeading}</VisuallyHidden>
            <FormColumn
              chosen={chosen}
              linkedDates={linkedDates}
              focusRequest={focusRequest}
              onDatesChange={datesChanged}
              carUnavailable={Boolean(hydrated && chosenId && cars.data && !chosen)}
              noCarMessage={found?.length ? r.chooseOne : undefined}
            />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
