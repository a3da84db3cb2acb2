import { Button, Divider, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { addDays } from '../../../../shared/dates';
import { DEFAULT_LOCALE, type Locale } from '../../../../shared/i18n/locales';
import { messages } from '../../../../shared/messages';
import { formatPeso } from '../../../../shared/money';
import { computePrice } from '../../../../shared/pricing';
import { BOOKING_STATUSES, statusBadge, type BookingStatus } from '../../../../shared/schemas/booking.schema';
import { NO_INITIAL_BOOKING, ZCustomerFormSchema, type TCustomer } from '../../../../shared/schemas/customer.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { DateField } from '../DateField';
import { carChoiceLabel, changedFields, dialogRefusal, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog } from '../parts';
import { RenterLanguageSelect } from '../bookings/RenterLanguageSelect';
import { showFirstError } from '../../../components/FormFields/FormFields';

const c = adminCopy.customerForm;

/** The form's values, shaped as ZCustomerFormSchema's input; nothing is optional, as each field has its input. */
interface CustomerValues {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  license: string;
  licenseExpiry: string | null;
  initialBooking: { carId: string; pickupDate: string | null; returnDate: string | null; total: string; status: BookingStatus; locale: Locale };
}

const EMPTY: CustomerValues = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  license: '',
  licenseExpiry: null,
  initialBooking: { carId: NO_INITIAL_BOOKING, pickupDate: null, returnDate: null, total: '', status: 'confirmed', locale: DEFAULT_LOCALE },
};

function valuesOf(customer: TCustomer | null): CustomerValues {
  if (!customer) return EMPTY;
  return {
    ...EMPTY,
    fullName: customer.fullName,
    email: customer.email,
    phone: customer.phone,
    address: customer.address ?? '',
    license: customer.license ?? '',
    licenseExpiry: customer.licenseExpiry,
  };
}

/** The server's paths as the form's: an update's fields arrive as "data.email". */
function toFormErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [path.replace(/^data\./, ''), message]));
}

const STATUS_OPTIONS = BOOKING_STATUSES.map((status) => ({ value: status, label: statusBadge(status).label }));

/** Add Customer (with an optional first booking) and Edit Customer. */
export function CustomerFormModal({ customer, onClose }: { customer: TCustomer | 'new' | null; onClose: () => void }) {
  const editing = customer && customer !== 'new' ? customer : null;
  const adding = customer === 'new';
  const utils = trpc.useUtils();
  const cars = trpc.cars.list.useQuery(undefined, { enabled: adding });
  const form = useForm({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: schemaResolver(ZCustomerFormSchema, { sync: true }),
    transformValues: (values) => ZCustomerFormSchema.parse(values),
  });

  const refresh = () => Promise.all([utils.customers.invalidate(), utils.bookings.invalidate(), utils.admin.overview.invalidate(), utils.cars.bookedDates.invalidate()]);
  const onFailed = (error: unknown, fallback: string) => {
    form.setErrors(toFormErrors(fieldErrors(error)));
    notifyError(error, fallback);
  };
  const create = trpc.customers.create.useMutation({
    onSuccess: async (answer) => {
      notifySuccess(answer.booking ? messages.admin.success.addCustomerWithBooking(answer.booking.carName) : messages.admin.success.addCustomer);
      onClose();
      await refresh();
    },
    onError: (error) => onFailed(error, messages.admin.failed.addCustomer),
  });
  const update = trpc.customers.update.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.updateCustomer);
      onClose();
      await refresh();
    },
    onError: (error) => onFailed(error, messages.admin.failed.updateCustomer),
  });
  useEffect(() => {
    if (customer === null) return;
    form.setValues(valuesOf(editing));
    form.resetDirty(valuesOf(editing));
    form.clearErrors();
    create.reset();
    update.reset();
    // Reset only when another customer (or a new one) is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer]);
  const pending = create.isPending || update.isPending;

  const booking = form.getValues().initialBooking;
  const noCar = booking.carId === NO_INITIAL_BOOKING;
  const car = cars.data?.find((item) => item.id === booking.carId);
  const suggestion =
    car && booking.pickupDate && booking.returnDate && booking.returnDate > booking.pickupDate
      ? computePrice({ dailyRate: car.dailyRate, pickupDate: booking.pickupDate, returnDate: booking.returnDate }).total
      : null;

  const submit = form.onSubmit(({ initialBooking, ...fields }) => {
    if (!editing) return create.mutate({ ...fields, initialBooking });
    const data = changedFields(form, fields);
    if (data) update.mutate({ id: editing.id, data });
    else onClose();
  }, showFirstError);

  return (
    <FormDialog opened={customer !== null} onClose={onClose} dirty={form.isDirty()} busy={pending} title={editing ? c.editTitle : c.addTitle} size="lg" long>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.fullName} withAsterisk autoComplete="off" {...form.getInputProps('fullName')} />
            <TextInput label={c.email} withAsterisk type="email" autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label={c.phone} withAsterisk type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            <TextInput label={c.license} autoComplete="off" {...form.getInputProps('license')} />
            <DateField label={c.licenseExpiry} {...form.getInputProps('licenseExpiry')} />
          </SimpleGrid>
          <Textarea label={c.address} autosize minRows={2} {...form.getInputProps('address')} />
          {adding ? (
            <>
              <Divider label={c.initialBooking} labelPosition="left" />
              <Text size="xs" c="dimmed" mt={-8}>
                {c.initialBookingHint}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={c.car}
                  data={[{ value: NO_INITIAL_BOOKING, label: c.noCar }, ...(cars.data ?? []).map((item) => ({ value: item.id, label: carChoiceLabel(item) }))]}
                  searchable
                  allowDeselect={false}
                  {...form.getInputProps('initialBooking.carId')}
                />
                <Select label={c.status} data={STATUS_OPTIONS} allowDeselect={false} disabled={noCar} {...form.getInputProps('initialBooking.status')} />
                <DateField label={c.pickupDate} disabled={noCar} {...form.getInputProps('initialBooking.pickupDate')} />
                <DateField
                  label={c.returnDate}
                  disabled={noCar}
                  minDate={booking.pickupDate ? addDays(booking.pickupDate, 1) : undefined}
                  {...form.getInputProps('initialBooking.returnDate')}
                />
                <TextInput
                  label={c.total}
                  inputMode="decimal"
                  disabled={noCar}
                  description={suggestion ? c.suggested(formatPeso(suggestion)) : undefined}
                  {...form.getInputProps('initialBooking.total')}
                />
                {suggestion && !booking.total ? (
                  <Button
                    variant="subtle"
                    size="xs"
                    mt={{ sm: 28 }}
                    style={{ justifySelf: 'start' }}
                    onClick={() => form.setFieldValue('initialBooking.total', String(Number(suggestion)))}
                  >
                    {c.useSuggested(formatPeso(suggestion))}
                  </Button>
                ) : null}
                <RenterLanguageSelect disabled={noCar} {...form.getInputProps('initialBooking.locale')} />
              </SimpleGrid>
            </>
          ) : null}
          <FormActions
            submit={editing ? c.submitEdit : c.submitAdd}
            pending={pending}
            onCancel={onClose}
            refusal={editing ? dialogRefusal(update.error, messages.admin.failed.updateCustomer) : dialogRefusal(create.error, messages.admin.failed.addCustomer)}
          />
        </Stack>
      </form>
    </FormDialog>
  );
}
