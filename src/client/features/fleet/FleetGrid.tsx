import { Alert, Card, SimpleGrid, Skeleton, Stack } from '@mantine/core';
import { HydrateWhenSeen } from '../../components/HydrateWhenSeen/HydrateWhenSeen';
import type { TCar } from '../../../shared/schemas/car.schema';
import { copy } from '../../content/site';
import { useCars } from './useCars';
import { CarCard } from './CarCard';

function CarSkeleton() {
  return (
    <Card padding={0} data-testid="car-skeleton">
      <Skeleton style={{ aspectRatio: '8 / 5' }} radius={0} />
      <Stack p="md" gap="sm">
        <Skeleton h={12} w="40%" />
        <Skeleton h={20} w="80%" />
        <Skeleton h={14} w="70%" />
        <Skeleton h={36} />
      </Stack>
    </Card>
  );
}

/** The fleet: three placeholders while loading, then one card per car. */
export function FleetGrid({ selectedId, onSelect }: { selectedId: string | null; onSelect: (car: TCar) => void }) {
  const cars = useCars();
  if (cars.isError) return <Alert color="red">{copy.fleet.error}</Alert>;
  if (!cars.data) {
    return (
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
        <CarSkeleton />
        <CarSkeleton />
        <CarSkeleton />
      </SimpleGrid>
    );
  }
  if (cars.data.length === 0) return <Alert>{copy.fleet.empty}</Alert>;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
      {/* Below the full-screen hero on every screen: the pictures load, and each card hydrates, as it comes into view. */}
      {cars.data.map((car) => (
        <HydrateWhenSeen key={car.id}>
          <CarCard car={car} selected={car.id === selectedId} onSelect={onSelect} />
        </HydrateWhenSeen>
      ))}
    </SimpleGrid>
  );
}
