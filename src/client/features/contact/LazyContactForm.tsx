import { Card, Skeleton, Stack } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { withMessages } from '../../i18n';

/** The enquiry form sits at the foot of the home page: its code and validation load after the page. */
const ContactForm = lazy(withMessages(() => import('./ContactForm').then((module) => ({ default: module.ContactForm })), 'forms'));

export function LazyContactForm() {
  return (
    <Suspense
      fallback={
        <Card padding="xl" aria-busy="true">
          <Stack gap="md">
            <Skeleton h={22} w="50%" />
            <Skeleton h={160} />
            <Skeleton h={110} />
          </Stack>
        </Card>
      }
    >
      <ContactForm />
    </Suspense>
  );
}
