import { Button, Skeleton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { withMessages } from '../../i18n';
import type { DateSearchFormProps } from './DateSearchForm';
import layout from './DateSearchLayout.module.css';

/**
 * The hero's date search, a chunk of its own (its inputs are Mantine's): the server renders it into
 * the page, and it becomes interactive when its script has loaded, after the home page's first one.
 */
const DateSearchForm = lazy(withMessages(() => import('./DateSearchForm').then((module) => ({ default: module.DateSearchForm })), 'search'));

const FIELDS = ['dates', 'seats', 'transmission', 'category'] as const;

/**
 * The search's place while its chunk loads (the home page reached from another page of the site):
 * the form's panel and grid, each field a label's line and a control, and the button under its own
 * label, so nothing moves when the form takes its place.
 */
function DateSearchPlaceholder({ raised, submitLabel }: Pick<DateSearchFormProps, 'raised' | 'submitLabel'>) {
  return (
    <div className={raised ? layout.panel : undefined} aria-busy="true" data-testid="date-search-placeholder">
      <div className={layout.form}>
        {FIELDS.map((field) => (
          <div key={field} className={layout[field]}>
            <div className={layout.label}>
              <Skeleton height="0.75em" width="40%" radius="sm" />
            </div>
            <Skeleton height="var(--search-control-height)" radius="md" />
          </div>
        ))}
        <Skeleton className={layout.submit} radius="md">
          <Button component="span" size="md" leftSection={<IconSearch size={18} aria-hidden />} aria-hidden>
            {submitLabel}
          </Button>
        </Skeleton>
      </div>
    </div>
  );
}

export function LazyDateSearchForm(props: DateSearchFormProps) {
  return (
    <Suspense fallback={<DateSearchPlaceholder raised={props.raised} submitLabel={props.submitLabel} />}>
      <DateSearchForm {...props} />
    </Suspense>
  );
}
