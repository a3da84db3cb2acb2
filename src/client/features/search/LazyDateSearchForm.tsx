import { Skeleton } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { withMessages } from '../../i18n';
import type { DateSearchFormProps } from './DateSearchForm';

/**
 * The hero's date search, a chunk of its own (its inputs are Mantine's): the server renders it into
 * the page, and it becomes interactive when its script has loaded, after the home page's first one.
 */
const DateSearchForm = lazy(withMessages(() => import('./DateSearchForm').then((module) => ({ default: module.DateSearchForm })), 'search'));

export function LazyDateSearchForm(props: DateSearchFormProps) {
  return (
    <Suspense fallback={<Skeleton h={{ base: 260, sm: 180, lg: 104 } as unknown as number} radius="lg" aria-busy="true" />}>
      <DateSearchForm {...props} />
    </Suspense>
  );
}
