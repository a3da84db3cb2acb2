import { Group, Text } from '@mantine/core';
import { IconGasStation, IconManualGearbox, IconUsers } from '@tabler/icons-react';
import { formatPeso } from '../../../shared/money';
import type { TCar } from '../../../shared/schemas/car.schema';
import { copy } from '../../content/site';

/** Seats, transmission and fuel, each with its icon. */
export function CarSpecs({ car }: { car: Pick<TCar, 'seats' | 'transmission' | 'fuel'> }) {
  return (
    <Group gap="md" c="dimmed" fz="sm">
      <Group gap={4}>
        <IconUsers size={16} aria-hidden />
        {copy.fleet.seats({ count: car.seats })}
      </Group>
      <Group gap={4}>
        <IconManualGearbox size={16} aria-hidden />
        {car.transmission}
      </Group>
      <Group gap={4}>
        <IconGasStation size={16} aria-hidden />
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
