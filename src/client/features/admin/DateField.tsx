import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';
import { useId } from '@mantine/hooks';
import { adminCopy } from '../../content/admin';
import classes from './DateField.module.css';

const c = adminCopy.common.datePicker;

/**
 * A date field of the dashboard's forms: Mantine's date picker, whose value is a 'YYYY-MM-DD'
 * string (or null when cleared). Its calendar is named after the field (the popover and the field
 * share one id, which the popover's aria-labelledby names), its buttons are named, and nothing in
 * it is too faint to read: no days of the neighbouring months, no red weekends (the garage works
 * every day), a placeholder in the site's dimmed colour.
 */
export function DateField({ id, ...props }: DatePickerInputProps) {
  const fieldId = useId(id);
  return (
    <DatePickerInput
      id={fieldId}
      popoverProps={{ id: fieldId }}
      placeholder={c.placeholder}
      clearable
      clearButtonProps={{ 'aria-label': c.clear }}
      ariaLabels={c.ariaLabels}
      hideOutsideDates
      weekendDays={[]}
      highlightToday
      classNames={{ wrapper: classes.wrapper }}
      {...props}
    />
  );
}
