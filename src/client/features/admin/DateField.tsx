import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { adminCopy } from '../../content/admin';

const c = adminCopy.common.datePicker;

/**
 * A date field of the dashboard's forms: Mantine's date picker, whose value is a 'YYYY-MM-DD'
 * string (or null when cleared), with its clear button and calendar controls named, and today marked.
 */
export function DateField(props: DatePickerInputProps) {
  return <DatePickerInput placeholder={c.placeholder} clearable clearButtonProps={{ 'aria-label': c.clear }} ariaLabels={c.ariaLabels} highlightToday {...props} />;
}
