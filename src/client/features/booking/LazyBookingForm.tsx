import { Card, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { withMessages } from '../../i18n';
import type { BookingFormProps } from './BookingForm';

/** The form and everything only it needs (validation, calendar, uploads, receipt) load when a car is chosen. */
const BookingForm = lazy(withMessages(() => import('./BookingForm').then((module) => ({ default: module.BookingForm })), 'forms', 'search'));

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

export function LazyBookingForm(props: BookingFormProps) {
  return (
    <Suspense fallback={<FormSkeleton />}>
      <BookingForm {...props} />
    </Suspense>
  );
}
