import { Alert, Box, Card, Container, Grid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { carImageSrc } from '../../shared/carImages';
import { formatPeso } from '../../shared/money';
import type { TCar } from '../../shared/schemas/car.schema';
import { bookingCopy } from '../content/booking';
import { copy } from '../content/site';
import { LazyBookingForm } from '../features/booking/LazyBookingForm';
import { NoCarSelected, SelectedCar } from '../features/booking/SelectedCar';
import { useCars } from '../features/fleet/FleetGrid';
import { usePageMeta } from '../usePageMeta';
import classes from './Booking.page.module.css';
import { HydrateWhenSeen } from '../components/HydrateWhenSeen/HydrateWhenSeen';

function VehicleOption({ car, selected, onSelect }: { car: TCar; selected: boolean; onSelect: (car: TCar) => void }) {
  return (
    <UnstyledButton
      className={classes.option}
      data-selected={selected || undefined}
      disabled={!car.available}
      aria-pressed={selected}
      onClick={() => onSelect(car)}
      data-testid="vehicle-option"
    >
      <img src={carImageSrc(car.image)} alt="" width={96} height={60} loading="lazy" decoding="async" className={classes.thumb} />
      <div style={{ minWidth: 0, flex: 1 }}>
        <Text fw={700} size="sm" truncate>
          {car.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {car.category} · {copy.fleet.seats(car.seats)} · {car.transmission}
        </Text>
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
      </div>
      {selected ? <span className={classes.chosen}>{bookingCopy.page.chosen}</span> : null}
    </UnstyledButton>
  );
}

/** /booking: the vehicle list on the left, the form for the chosen car on the right (stacked on phones). */
export function BookingPage() {
  usePageMeta(bookingCopy.page.title, bookingCopy.page.description);
  const cars = useCars();
  const [params, setParams] = useSearchParams();
  const chosenId = params.get('car');
  const chosen = cars.data?.find((car) => car.id === chosenId && car.available) ?? null;

  // Counts the cars chosen here (not one named by the address): each moves the focus to the form.
  const [focusRequest, setFocusRequest] = useState(0);
  const choose = (car: TCar) => {
    setParams({ car: car.id }, { replace: true });
    setFocusRequest((count) => count + 1);
    window.requestAnimationFrame(() => document.getElementById('booking-form-column')?.scrollIntoView({ behavior: 'smooth', block: 'start' }));
  };
  const browse = () => document.getElementById('vehicle-list')?.scrollIntoView({ behavior: 'smooth', block: 'start' });

  return (
    <Box py={{ base: 32, md: 56 }} bg="light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))">
      <Container size="xl">
        <Stack gap={6} mb={{ base: 24, md: 36 }} maw={720}>
          <Title order={1} fz={{ base: 30, md: 40 }}>
            {bookingCopy.page.heading}
          </Title>
          <Text c="dimmed" fz="lg">
            {bookingCopy.page.lead}
          </Text>
        </Stack>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card padding="md" id="vehicle-list" className={classes.listCard} component="section" aria-labelledby="vehicle-list-title">
              <Title order={2} size="h5" mb="sm" id="vehicle-list-title">
                {bookingCopy.page.vehicles}
              </Title>
              {cars.isError ? <Alert color="red">{copy.fleet.error}</Alert> : null}
              <div className={classes.scroll}>
                <Stack gap={8}>
                  {cars.data
                    ? cars.data.map((car) => (
                        // On a phone a few show in the list's box at a time: each hydrates as it scrolls into it.
                        <HydrateWhenSeen key={car.id}>
                          <VehicleOption car={car} selected={car.id === chosen?.id} onSelect={choose} />
                        </HydrateWhenSeen>
                      ))
                    : Array.from({ length: 5 }, (_, i) => <Skeleton key={i} h={76} radius="md" />)}
                </Stack>
              </div>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }} id="booking-form-column">
            <HydrateWhenSeen>
              {chosen ? (
                <Stack gap="lg">
                  <SelectedCar car={chosen} layout="row" />
                  <LazyBookingForm key={chosen.id} car={chosen} focusRequest={focusRequest} />
                </Stack>
              ) : (
                <NoCarSelected onBrowse={browse} />
              )}
            </HydrateWhenSeen>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
