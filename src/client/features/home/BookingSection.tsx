import { Button, Card, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { telHref } from '../../../shared/business';
import { carImageSrc } from '../../../shared/carImages';
import { formatPeso } from '../../../shared/money';
import type { TCar } from '../../../shared/schemas/car.schema';
import { IconCar, IconMail, IconPhone } from '../../components/icons';
import { copy } from '../../content/site';
import { scrollToAnchor } from '../site/anchors';
import { useSiteInfo } from '../site/useSiteInfo';
import { Section } from './Sections';

const NO_CAR = 'Please select a car to continue with booking';

/** The booking section: the chosen car, or the prompt to choose one. */
export function BookingSection({ car }: { car: TCar | null }) {
  const business = useSiteInfo();
  return (
    <Section id="booking" title={copy.nav.book} tinted>
      {car ? (
        <Card padding="xl">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
            <Image src={carImageSrc(car.image)} alt={car.name} radius="md" w="100%" h="auto" />
            <Stack gap="sm">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {car.category}
              </Text>
              <Title order={3}>{car.name}</Title>
              <Text c="dimmed">
                {copy.fleet.seats(car.seats)} · {car.transmission} · {car.fuel}
              </Text>
              <Text fz={28} fw={800} c="var(--color-accent-text)">
                {formatPeso(car.dailyRate)}
                <Text span c="dimmed" fz="sm" fw={400}>
                  {copy.fleet.perDay}
                </Text>
              </Text>
              <Text>Call or e-mail us with your dates and we will reserve this car for you.</Text>
              <Group mt="sm">
                <Button component="a" href={telHref(business.phonePrimary)} leftSection={<IconPhone />}>
                  {business.phonePrimary}
                </Button>
                <Button component="a" variant="light" href={`mailto:${business.email}?subject=${encodeURIComponent(`Booking: ${car.name}`)}`} leftSection={<IconMail />}>
                  {copy.contact.email}
                </Button>
              </Group>
            </Stack>
          </SimpleGrid>
        </Card>
      ) : (
        <Card padding={48} ta="center">
          <Stack align="center" gap="md">
            <IconCar size={48} />
            <Text fz="lg">{NO_CAR}</Text>
            <Button onClick={() => scrollToAnchor('cars')}>{copy.hero.secondary}</Button>
          </Stack>
        </Card>
      )}
    </Section>
  );
}
