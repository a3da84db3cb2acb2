// Mantine's styles for the components only this page renders (see src/client/mantineStyles.ts).
import '@mantine/core/styles/Breadcrumbs.css';
import '@mantine/core/styles/List.css';
import { Anchor, Badge, Box, Breadcrumbs, Button, Card, Container, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCalendarCheck, IconCheck, IconShieldCheck } from '@tabler/icons-react';
import { useIntersection } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { EMPTY_SELECTION, type DateSelection } from '../../shared/calendar';
import { carBadge } from '../../shared/carBadge';
import { bookingHref } from '../../shared/carLinks';
import { depositFor } from '../../shared/business';
import { carDescription } from '../../shared/cars';
import { currentLocale } from '../../shared/i18n/catalog';
import { formatPeso } from '../../shared/money';
import type { TCar } from '../../shared/schemas/car.schema';
import { DELIVERY_FEE, DRIVER_FEE_PER_DAY, INSURANCE_PER_RENTAL } from '../../shared/pricing';
import { carPageCopy as c } from '../content/carPage';
import { copy } from '../content/site';
import { CarGallery } from '../features/cars/CarGallery';
import { carStructuredData } from '../features/cars/carStructuredData';
import { CarSpecs, DailyRate } from '../features/fleet/CarSpecs';
import { useCars } from '../features/fleet/useCars';
import { useSiteInfo } from '../features/site/useSiteInfo';
import { usePageMeta, useSiteOrigin } from '../usePageMeta';
import classes from './Car.page.module.css';
import { localePath } from '../i18n';

/** The calendar and Mantine's date picker load with the page's scripts, in the browser. */
const CarAvailability = lazy(() => import('../features/cars/CarAvailability').then((module) => ({ default: module.CarAvailability })));

const BADGE_COLOR = { Popular: 'orange', Economy: 'teal', Available: 'lagoon' } as const;

function Deposit({ car }: { car: TCar }) {
  const business = useSiteInfo();
  const amount = c.depositAmount({ amount: formatPeso(depositFor(car, business)) });
  return (
    <div className={classes.deposit} data-testid="car-deposit">
      <Group gap={8} wrap="nowrap" align="flex-start">
        <IconShieldCheck size={20} aria-hidden style={{ flex: 'none', marginTop: 2 }} />
        <div>
          <Text fw={700}>
            {c.deposit}: {amount}
          </Text>
          <Text size="sm" c="dimmed">
            {c.depositNote}
          </Text>
        </div>
      </Group>
    </div>
  );
}

/** What every rental includes, in this order, with the garage's own fees. */
function inclusions(): string[] {
  const i = c.inclusions;
  return [
    i.insurance({ amount: formatPeso(INSURANCE_PER_RENTAL, 'centavos') }),
    i.driver({ amount: formatPeso(DRIVER_FEE_PER_DAY.within_pangasinan, 'centavos') }),
    DELIVERY_FEE.alaminos_city === 0 ? i.deliveryFree : i.delivery,
    i.clean,
    i.cancellation,
    i.payAtPickup,
  ];
}

/** A car's own page: gallery, specifications, what every rental includes, the deposit, its calendar and the Book button. */
function CarDetails({ car }: { car: TCar }) {
  const business = useSiteInfo();
  const origin = useSiteOrigin();
  const [dates, setDates] = useState<DateSelection>(EMPTY_SELECTION);
  // The calendar (Mantine's date picker and the car's booked days) is drawn in the browser when it
  // comes near the screen (the observer starts after hydration), so a phone's first seconds go to
  // what is on screen.
  const { ref: calendarPlace, entry: calendarEntry } = useIntersection<HTMLDivElement>({ rootMargin: '0px 0px 200px 0px' });
  const near = calendarEntry?.isIntersecting === true;
  const [calendarSeen, setCalendarSeen] = useState(false);
  if (near && !calendarSeen) setCalendarSeen(true);
  const calendarWanted = calendarSeen || near;
  const about = carDescription(car, currentLocale());
  const description = c.description({ name: car.name, seats: car.seats, transmission: car.transmission.toLowerCase(), fuel: car.fuel.toLowerCase(), rate: formatPeso(car.dailyRate) });
  usePageMeta(c.title({ name: car.name }), description, {
    type: 'product',
    image: `${origin}${car.imageUrl}`,
    structuredData: carStructuredData(car, origin, business, about || description),
  });
  const badge = carBadge(car.category);
  const specs: Array<[string, string]> = [
    [c.spec.category, car.category],
    [c.spec.seats, copy.fleet.seats({ count: car.seats })],
    [c.spec.transmission, car.transmission],
    [c.spec.fuel, car.fuel],
    [c.spec.year, String(car.year)],
    ...(car.mileage ? ([[c.spec.odometer, car.mileage]] as Array<[string, string]>) : []),
  ];

  return (
    <Box py={{ base: 24, md: 40 }}>
      <Container size="xl">
        <Breadcrumbs mb="lg" aria-label={c.breadcrumbs} separatorMargin={6}>
          <Anchor component={Link} to={localePath('/')} size="sm">
            {c.home}
          </Anchor>
          <Anchor component={Link} to={`${localePath('/')}#cars`} size="sm">
            {c.fleet}
          </Anchor>
          {/* A long name is cut with an ellipsis here (the heading below has it whole), not past the screen's edge. */}
          <Text size="sm" c="dimmed" aria-current="page" truncate="end" maw="100%">
            {car.name}
          </Text>
        </Breadcrumbs>
        {/* Two columns from md up: a CSS grid (Mantine's Grid here would split the home page's first script). */}
        <div className={classes.columns}>
          <div>
            <CarGallery car={car} />
          </div>
          <div>
            <Stack gap="md" className={classes.sticky}>
              <div>
                <Group gap="xs">
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {car.category}
                  </Text>
                  {car.available ? (
                    <Badge color={BADGE_COLOR[badge]} variant="filled" size="sm">
                      {copy.fleet.badges[badge]}
                    </Badge>
                  ) : (
                    <Badge color="red.9" variant="filled" size="sm">
                      {copy.fleet.unavailableBadge}
                    </Badge>
                  )}
                </Group>
                <Title order={1} fz={{ base: 28, md: 36 }} mt={4}>
                  {car.name}
                </Title>
              </div>
              <CarSpecs car={car} />
              <DailyRate rate={car.dailyRate} size={32} />
              <Deposit car={car} />
              {car.available ? (
                <Stack gap={6}>
                  <Button component={Link} to={localePath(bookingHref(car.id, dates))} size="lg" className="wrapping-button" leftSection={<IconCalendarCheck size={20} aria-hidden />} data-testid="book-car">
                    {c.book}
                  </Button>
                  <Text size="sm" c="dimmed" ta="center">
                    {c.withDriver}
                  </Text>
                </Stack>
              ) : (
                <Stack gap="xs">
                  <Text size="sm">{c.unavailable}</Text>
                  <Button component={Link} to={`${localePath('/')}#cars`} variant="default">
                    {c.otherCars}
                  </Button>
                </Stack>
              )}
            </Stack>
          </div>
        </div>

        <div className={`${classes.columns} ${classes.lower}`}>
          <div>
            <Stack gap="xl">
              {about ? (
                <section aria-labelledby="car-about">
                  <Title order={2} size="h3" id="car-about" mb="sm">
                    {c.about}
                  </Title>
                  <Text fz="lg">{about}</Text>
                </section>
              ) : null}
              <section aria-labelledby="car-availability" data-testid="car-availability">
                <Title order={2} size="h3" id="car-availability" mb={4}>
                  {c.availability}
                </Title>
                <Text c="dimmed" mb="md">
                  {c.availabilityLead}
                </Text>
                {calendarWanted ? (
                  <Suspense fallback={<Skeleton className={classes.calendarPlaceholder} radius="lg" role="status" aria-label={c.loadingCalendar} />}>
                    <CarAvailability car={car} value={dates} onChange={setDates} />
                  </Suspense>
                ) : (
                  <Skeleton ref={calendarPlace} className={classes.calendarPlaceholder} radius="lg" role="status" aria-label={c.loadingCalendar} />
                )}
              </section>
            </Stack>
          </div>
          <div>
            <Stack gap="lg">
              <Card padding="lg" component="section" aria-labelledby="car-specs">
                <Title order={2} size="h4" id="car-specs" mb="md">
                  {c.specs}
                </Title>
                <dl className={classes.facts}>
                  {specs.map(([label, value]) => (
                    <div key={label}>
                      <dt>{label}</dt>
                      <dd>{value}</dd>
                    </div>
                  ))}
                </dl>
              </Card>
              <Card padding="lg" component="section" aria-labelledby="car-included">
                <Title order={2} size="h4" id="car-included" mb="md">
                  {c.included}
                </Title>
                <List
                  spacing="xs"
                  size="sm"
                  icon={
                    <ThemeIcon size={20} radius="xl" variant="light">
                      <IconCheck size={13} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  {inclusions().map((item) => (
                    <List.Item key={item}>{item}</List.Item>
                  ))}
                </List>
              </Card>
            </Stack>
          </div>
        </div>
      </Container>
    </Box>
  );
}

export function CarPage() {
  const { slug } = useParams();
  const car = useCars().data?.find((one) => one.slug === slug);
  // The route (CarRoute) shows the "Page Not Found" page for an unknown slug.
  return car ? <CarDetails key={car.id} car={car} /> : null;
}
