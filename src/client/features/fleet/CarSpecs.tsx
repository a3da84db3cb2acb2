import { Group, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import type { TCar } from '../../../shared/schemas/car.schema';
import { IconFuel, IconGears, IconSeats } from '../../components/icons';
import { copy } from '../../content/site';

/** Seats, transmission and fuel, each with its icon. */
export function CarSpecs({ car }: { car: Pick<TCar, 'seats' | 'transmission' | 'fuel'> }) {
  return (
    <Group gap="md" c="dimmed" fz="sm">
      <Group gap={4}>
        <IconSeats size={16} />
        {copy.fleet.seats(car.seats)}
      </Group>
      <Group gap={4}>
        <IconGears size={16} />
        {car.transmission}
      </Group>
      <Group gap={4}>
        <IconFuel size={16} />
        {car.fuel}
      </Group>
    </Group>
  );
}

/** "₱1,800/day", the rate in the accent colour. */
export function DailyRate({ rate, size = 26 }: { rate: string; size?: number }) {
  return (
    <Text>
      <Text span fz={size} fw={800} c="var(--color-accent-text)">
        {formatPeso(rate)}
      </Text>
      <Text span c="dimmed" fz="sm">
        {copy.fleet.perDay}
      </Text>
    </Text>
  );
}
