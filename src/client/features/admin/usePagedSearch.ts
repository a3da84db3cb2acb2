import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData } from '@tanstack/react-query';
import { useState } from 'react';

/** How long typing pauses before the list is asked for again. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box and paging of a dashboard list that the server searches and pages: `input` goes
 * to the list's query, with `queryOptions`, which keep the page on screen (dimmed, by
 * `isPlaceholderData`) while the next one loads. A new search, or another filter through
 * `firstPage`, starts again from the first page. `initial` is the search the list opens with (a
 * link's `q`, such as a booking's reference from the overview).
 */
export function usePagedSearch(limit: number, initial = '') {
  const [search, setSearchText] = useState(initial);
  const [q] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [offset, setOffset] = useState(0);
  return {
    search,
    setSearch: (value: string) => {
      setSearchText(value);
      setOffset(0);
    },
    offset,
    setOffset,
    firstPage: () => setOffset(0),
    input: { ...(q ? { q } : {}), limit, offset },
    queryOptions: { placeholderData: keepPreviousData },
  };
}
