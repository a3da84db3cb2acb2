import { Select, type SelectProps } from '@mantine/core';
import { LOCALE_NAMES, LOCALES } from '../../../../shared/i18n/locales';
import { adminCopy } from '../../../content/admin';
import { HINT_BELOW } from '../parts';

const c = adminCopy.renterLanguage;
const CHOICES = LOCALES.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }));

/** The language of the renter of a booking staff enter (New Booking, Add Customer's first booking): `ZRenterLocaleSchema`'s field. */
export function RenterLanguageSelect(props: Omit<SelectProps, 'label' | 'description' | 'inputWrapperOrder' | 'data' | 'allowDeselect'>) {
  return <Select label={c.label} description={c.hint} inputWrapperOrder={HINT_BELOW} data={CHOICES} allowDeselect={false} {...props} />;
}
