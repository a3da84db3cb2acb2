import { Card, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TCar } from '../../../shared/schemas/car.schema';

/** The form and everything only it needs (validation, calendar, uploads, receipt) load when a car is chosen. */
const BookingForm = lazy(() => import('./BookingForm').then((module) => ({ default: module.BookingForm })));

function FormSkeleton() {
  return (
    <Stack gap="lg" aria-busy="true" data-testid="booking-form-loading">
      {[180, 420, 200].map((height) => (
        <Card key={height} padding="lg">
          <Skeleton h={20} w="40%" mb="md" />
          <Skeleton h={height} />
        </Card>
      ))}
    </Stack>
  );
}

/** `focusRequest`: raised each time a visitor chooses a car, to move the focus to the form. */
export function LazyBookingForm({ car, focusRequest }: { car: TCar; focusRequest?: number }) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <BookingForm car={car} focusRequest={focusRequest} />
    </Suspense>
  );
}
