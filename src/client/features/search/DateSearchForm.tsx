import '@mantine/core/styles/Input.css';
// NativeSelect's chevron is styled by Combobox's stylesheet.
import '@mantine/core/styles/Combobox.css';
import { Button, Loader, NativeSelect, UnstyledButton, type ComboboxStringGroupData } from '@mantine/core';
import { IconCalendarEvent, IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useId, useRef, useState, type FormEvent } from 'react';
import type { DateSelection } from '../../../shared/calendar';
import { CATEGORY_GROUPS, categoryParam, type CategoryGroup, type SiteSearch } from '../../../shared/carLinks';
import { formatShortDate, isIsoDate, yearInManila } from '../../../shared/isoDate';
import { CAR_CATEGORIES, TRANSMISSIONS, carCategoryOf, type CarCategory } from '../../../shared/cars';
import type { TCar } from '../../../shared/schemas/car.schema';
import { FormFields } from '../../components/FormFields/FormFields';
import { searchCopy as s } from '../../content/search';
import { withMessages } from '../../i18n';
import classes from './DateSearchForm.module.css';
import layout from './DateSearchLayout.module.css';
import { useFleetChoices } from './useFleetChoices';

/** The calendar's dialog and Mantine's date picker are a chunk of their own, loaded when first wanted. */
const loadDialog = withMessages(() => import('./DateRangeDialog'), 'forms');
const DateRangeDialog = lazy(() => loadDialog().then((module) => ({ default: module.DateRangeDialog })));

const ANY = '';

/** The date as the search shows it, with its year when that is not today's in Manila: its weekday apart, which phones leave out then. */
function shownDate(date: string | null): { text: string; weekday: string; rest: string; withYear: boolean } | null {
  if (!date || !isIsoDate(date)) return null;
  const year = yearInManila();
  const text = formatShortDate(date, year);
  const comma = text.indexOf(', ');
  return { text, weekday: comma > 0 ? text.slice(0, comma + 2) : '', rest: comma > 0 ? text.slice(comma + 2) : text, withYear: !date.startsWith(`${year}-`) };
}

/** The type-of-car choices: the home page's four collections, then each category the fleet has. */
function categoryData(fleetCategories: readonly CarCategory[], chosen: readonly CarCategory[] | undefined): ComboboxStringGroupData {
  const groups = (Object.keys(CATEGORY_GROUPS) as CategoryGroup[]).map((group) => ({ label: s.groups[group], value: categoryParam(CATEGORY_GROUPS[group]) }));
  const single = CAR_CATEGORIES.filter((category) => fleetCategories.includes(category)).map((category) => ({ label: category, value: category }));
  const data: ComboboxStringGroupData = [{ label: s.anyCategory, value: ANY }, { group: s.collections, items: groups }, { group: s.categories, items: single }];
  const value = chosen?.length ? categoryParam(chosen) : ANY;
  const known = value === ANY || groups.some((option) => option.value === value) || single.some((option) => option.value === value);
  return known ? data : [...data, { label: s.chosenCategories, value }];
}

export interface DateSearchFormProps {
  value: SiteSearch;
  /** The fleet, for the filters' choices (the seat counts and categories it has). */
  cars: readonly TCar[] | undefined;
  onSearch: (search: SiteSearch) => void;
  submitLabel: string;
  /** Why the dates cannot be used (from the address), shown under them. */
  error?: string | null;
  /** The hero's: a raised panel. */
  raised?: boolean;
}

/**
 * The date search: pick-up and return dates (the rental calendar's rules, in a dialog that loads
 * with Mantine's date picker when first opened), at least so many seats, a transmission and a type
 * of car, each offering what the fleet has. Submitting without both dates opens the calendar.
 */
export function DateSearchForm({ value, cars, onSearch, submitLabel, error, raised = false }: DateSearchFormProps) {
  const { seatChoices, categories } = useFleetChoices(cars);
  const id = useId();
  const submitRef = useRef<HTMLButtonElement>(null);
  const [draft, setDraft] = useState<SiteSearch>(value);
  const [seen, setSeen] = useState(value);
  const [dialogWanted, setDialogWanted] = useState(false);
  const [opened, setOpened] = useState(false);
  const [missingDates, setMissingDates] = useState(false);
  // A new search from outside (the address changed) replaces what is being edited.
  if (seen !== value) {
    setSeen(value);
    setDraft(value);
    setMissingDates(false);
  }

  // What opened the calendar (a date, or Find Cars with no dates) has the focus again when it closes
  // unchosen: the dialog, loaded and mounted already open the first time, cannot know it itself.
  const opener = useRef<HTMLElement | null>(null);
  const openCalendar = () => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialogWanted(true);
    setOpened(true);
  };
  const closeCalendar = () => {
    setOpened(false);
    window.requestAnimationFrame(() => opener.current?.focus());
  };
  const chooseDates = (selection: DateSelection) => {
    setDraft((current) => ({ ...current, pickupDate: selection.pickupDate, returnDate: selection.returnDate }));
    if (selection.pickupDate && selection.returnDate) setMissingDates(false);
    setOpened(false);
    window.requestAnimationFrame(() => submitRef.current?.focus());
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!draft.pickupDate || !draft.returnDate || !isIsoDate(draft.pickupDate) || !isIsoDate(draft.returnDate)) {
      setMissingDates(true);
      openCalendar();
      return;
    }
    onSearch(draft);
  };

  const pickup = shownDate(draft.pickupDate);
  const ret = shownDate(draft.returnDate);
  const dateError = missingDates ? s.datesRequired : (error ?? null);
  const errorId = `${id}-dates-error`;
  const datesLabel = pickup && ret ? s.datesLabel({ pickup: pickup.text, return: ret.text }) : s.noDatesLabel;

  return (
    <form onSubmit={submit} noValidate aria-label={s.label} className={raised ? layout.panel : undefined} data-testid="date-search">
      <FormFields>
        <div className={layout.form}>
          <div className={layout.dates}>
            <span className={classes.legend} id={`${id}-dates`}>
              {s.pickup} – {s.return}
            </span>
            <span hidden id={`${id}-dates-hint`}>
              {datesLabel}
            </span>
            <div className={classes.dateButtons} data-error={dateError ? true : undefined} onPointerEnter={() => void loadDialog()} onFocus={() => void loadDialog()}>
              {(['pickup', 'return'] as const).map((which) => {
                const shown = which === 'pickup' ? pickup : ret;
                return (
                  <UnstyledButton
                    key={which}
                    type="button"
                    className={classes.dateButton}
                    onClick={openCalendar}
                    aria-haspopup="dialog"
                    aria-describedby={dateError ? `${id}-dates-hint ${errorId}` : `${id}-dates-hint`}
                    data-testid={`search-${which}`}
                  >
                    <span className={classes.dateCaption}>
                      <IconCalendarEvent size={13} aria-hidden />
                      {which === 'pickup' ? s.pickup : s.return}
                    </span>
                    <span className={classes.dateValue} data-empty={shown ? undefined : true} data-with-year={shown?.withYear || undefined}>
                      {shown ? (
                        <>
                          <span className={classes.weekday}>{shown.weekday}</span>
                          {shown.rest}
                        </>
                      ) : (
                        s.addDate
                      )}
                    </span>
                  </UnstyledButton>
                );
              })}
            </div>
            {dateError ? (
              <div className={classes.error} id={errorId} role="alert">
                {dateError}
              </div>
            ) : null}
            {dialogWanted ? (
              <Suspense fallback={<Loader size="xs" className={classes.loading} aria-label={s.dialog.loading} />}>
                <DateRangeDialog
                  opened={opened}
                  onClose={closeCalendar}
                  value={{ pickupDate: draft.pickupDate && isIsoDate(draft.pickupDate) ? draft.pickupDate : null, returnDate: draft.returnDate && isIsoDate(draft.returnDate) ? draft.returnDate : null }}
                  onDone={chooseDates}
                />
              </Suspense>
            ) : null}
          </div>
          <NativeSelect
            className={layout.seats}
            classNames={{ input: layout.input }}
            label={s.seats}
            value={draft.seats === undefined ? ANY : String(draft.seats)}
            onChange={(event) => {
              const seats = event.currentTarget.value;
              setDraft((current) => ({ ...current, seats: seats === ANY ? undefined : Number(seats) }));
            }}
            data={[{ label: s.anySeats, value: ANY }, ...seatChoices.map((n) => ({ label: s.seatsAtLeast({ count: n }), value: String(n) }))]}
          />
          <NativeSelect
            className={layout.transmission}
            classNames={{ input: layout.input }}
            label={s.transmission}
            value={draft.transmission ?? ANY}
            onChange={(event) => {
              const transmission = TRANSMISSIONS.find((option) => option === event.currentTarget.value);
              setDraft((current) => ({ ...current, transmission }));
            }}
            data={[{ label: s.anyTransmission, value: ANY }, ...TRANSMISSIONS.map((option) => ({ label: option, value: option }))]}
          />
          <NativeSelect
            className={layout.category}
            classNames={{ input: layout.input }}
            label={s.category}
            value={draft.category?.length ? categoryParam(draft.category) : ANY}
            onChange={(event) => {
              const chosen = event.currentTarget.value
                .split(',')
                .map((name) => carCategoryOf(name))
                .filter((category): category is CarCategory => category !== null);
              setDraft((current) => ({ ...current, category: chosen.length ? chosen : undefined }));
            }}
            data={categoryData(categories, draft.category)}
          />
          <Button ref={submitRef} type="submit" size="md" className={layout.submit} leftSection={<IconSearch size={18} aria-hidden />} data-testid="search-submit">
            {submitLabel}
          </Button>
        </div>
      </FormFields>
    </form>
  );
}
