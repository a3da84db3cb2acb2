import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconCar } from '@tabler/icons-react';
import { depositFor } from '../../../shared/business';
import { carDescription } from '../../../shared/cars';
import { currentLocale } from '../../../shared/i18n/catalog';
import { formatPeso } from '../../../shared/money';
import type { TCar } from '../../../shared/schemas/car.schema';
import { bookingCopy } from '../../content/booking';
import { CarSpecs, DailyRate } from '../fleet/CarSpecs';
import { useSiteInfo } from '../site/useSiteInfo';

/** The chosen vehicle at the head of the form: picture, name, category, specs and daily rate. */
export function SelectedCar({ car, onChange, layout = 'column' }: { car: TCar; onChange?: () => void; layout?: 'column' | 'row' }) {
  const business = useSiteInfo();
  const about = carDescription(car, currentLocale());
  return (
    <Card padding="lg" data-testid="selected-car">
      <SimpleGrid cols={{ base: 1, sm: layout === 'row' ? 2 : 1 }} spacing="lg">
        <img
          src={car.imageUrl}
          alt={car.name}
          width={640}
          height={400}
          style={{ width: '100%', height: 'auto', borderRadius: 'var(--mantine-radius-md)' }}
        />
        <Stack gap="sm">
          <div>
            <Group justify="space-between" gap="xs">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                {car.category}
              </Text>
              <Badge variant="light" size="sm">
                {bookingCopy.selectedCar}
              </Badge>
            </Group>
            <Title order={3} size="h3" mt={4}>
              {car.name}
            </Title>
          </div>
          <CarSpecs car={car} />
          <DailyRate rate={car.dailyRate} size={28} />
          <Text size="sm" c="dimmed" data-testid="selected-car-deposit">
            {bookingCopy.deposit({ amount: formatPeso(depositFor(car, business)) })}
          </Text>
          {about ? (
            <Text size="sm" c="dimmed">
              {about}
            </Text>
          ) : null}
          {onChange ? (
            <Button variant="default" leftSection={<IconCar size={16} aria-hidden />} onClick={onChange}>
              {bookingCopy.change}
            </Button>
          ) : null}
        </Stack>
      </SimpleGrid>
    </Card>
  );
}

/** The form's place before a car is chosen (`message` when a search has found cars to choose from). */
export function NoCarSelected({ onBrowse, message = bookingCopy.noCar }: { onBrowse: () => void; message?: string }) {
  return (
    <Card padding={48} ta="center" data-testid="no-car-selected">
      <Stack align="center" gap="md">
        <IconCar size={48} aria-hidden />
        <Text fz="lg">{message}</Text>
        <Button onClick={onBrowse}>{bookingCopy.browse}</Button>
      </Stack>
    </Card>
  );
}
