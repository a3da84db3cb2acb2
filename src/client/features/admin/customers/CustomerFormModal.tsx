import { Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { messages } from '../../../../shared/messages';
import { formatPeso } from '../../../../shared/money';
import { computePrice } from '../../../../shared/pricing';
import { BOOKING_STATUSES, statusBadge } from '../../../../shared/schemas/booking.schema';
import { ZCreateCustomerSchema, ZUpdateCustomerSchema, type TCustomer } from '../../../../shared/schemas/customer.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { fieldErrors, initialBookingFrom } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { useDialogProps } from '../parts';

const c = adminCopy.customerForm;

interface CustomerValues {
  fullName: string;
  email: string;
  phone: string;
  address: string;
  license: string;
  licenseExpiry: string;
  carId: string;
  pickupDate: string;
  returnDate: string;
  total: string;
  status: string;
}

const EMPTY: CustomerValues = {
  fullName: '',
  email: '',
  phone: '',
  address: '',
  license: '',
  licenseExpiry: '',
  carId: 'none',
  pickupDate: '',
  returnDate: '',
  total: '',
  status: 'confirmed',
};

const BOOKING_FIELDS: Record<string, keyof CustomerValues> = {
  'initialBooking.carId': 'carId',
  'initialBooking.pickupDate': 'pickupDate',
  'initialBooking.returnDate': 'returnDate',
  'initialBooking.total': 'total',
  'initialBooking.status': 'status',
};

/** Server and schema paths ("initialBooking.total") as the form's fields ("total"). */
function toFormErrors(errors: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).map(([path, message]) => [BOOKING_FIELDS[path] ?? path.replace(/^data\./, ''), message]));
}

function payloadOf(values: CustomerValues, adding: boolean) {
  const customer = {
    fullName: values.fullName,
    email: values.email,
    phone: values.phone,
    address: values.address,
    license: values.license,
    licenseExpiry: values.licenseExpiry,
  };
  const initial = adding ? initialBookingFrom(values) : ({ kind: 'none' } as const);
  return { customer, initial };
}

/** Add Customer (with an optional first booking) and Edit Customer. */
export function CustomerFormModal({ customer, onClose }: { customer: TCustomer | 'new' | null; onClose: () => void }) {
  const editing = customer && customer !== 'new' ? customer : null;
  const adding = customer === 'new';
  const utils = trpc.useUtils();
  const dialog = useDialogProps({ long: true });
  const cars = trpc.cars.list.useQuery(undefined, { enabled: adding });
  const form = useForm<CustomerValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => {
      const { customer: fields, initial } = payloadOf(values, adding);
      if (initial.kind === 'incomplete') {
        const missing: Record<string, string> = {};
        for (const key of ['pickupDate', 'returnDate', 'total'] as const) if (!String(values[key]).trim()) missing[key] = c.incomplete;
        return missing;
      }
      const schema = adding ? ZCreateCustomerSchema : ZUpdateCustomerSchema;
      const result = schema.safeParse(initial.kind === 'booking' ? { ...fields, initialBooking: initial.booking } : fields);
      if (result.success) return {};
      const errors: Record<string, string> = {};
      for (const issue of result.error.issues) {
        const path = issue.path.join('.');
        if (!(path in errors)) errors[path] = issue.message;
      }
      return toFormErrors(errors);
    },
  });

  useEffect(() => {
    if (customer === null) return;
    form.setValues(
      editing
        ? {
            ...EMPTY,
            fullName: editing.fullName,
            email: editing.email,
            phone: editing.phone,
            address: editing.address ?? '',
            license: editing.license ?? '',
            licenseExpiry: editing.licenseExpiry ?? '',
          }
        : EMPTY,
    );
    form.clearErrors();
    // Reset only when another customer (or a new one) is opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [customer]);

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
  const pending = create.isPending || update.isPending;

  const values = form.getValues();
  const car = cars.data?.find((item) => item.id === values.carId);
  const suggestion =
    car && values.pickupDate && values.returnDate && values.returnDate > values.pickupDate
      ? computePrice({ dailyRate: car.dailyRate, pickupDate: values.pickupDate, returnDate: values.returnDate }).total
      : null;

  const submit = form.onSubmit((formValues) => {
    const { customer: fields, initial } = payloadOf(formValues, adding);
    if (editing) update.mutate({ id: editing.id, data: fields });
    else create.mutate(initial.kind === 'booking' ? { ...fields, initialBooking: { ...initial.booking, status: initial.booking.status as (typeof BOOKING_STATUSES)[number] } } : fields);
  });

  return (
    <Modal opened={customer !== null} onClose={pending ? () => undefined : onClose} title={editing ? c.editTitle : c.addTitle} size="lg" {...dialog}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.fullName} withAsterisk autoComplete="off" {...form.getInputProps('fullName')} />
            <TextInput label={c.email} withAsterisk type="email" autoComplete="off" {...form.getInputProps('email')} />
            <TextInput label={c.phone} withAsterisk type="tel" autoComplete="off" {...form.getInputProps('phone')} />
            <TextInput label={c.license} autoComplete="off" {...form.getInputProps('license')} />
            <TextInput label={c.licenseExpiry} type="date" {...form.getInputProps('licenseExpiry')} />
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
                  data={[{ value: 'none', label: c.noCar }, ...(cars.data ?? []).map((item) => ({ value: item.id, label: `${item.name} (${formatPeso(item.dailyRate)}/day)` }))]}
                  searchable
                  allowDeselect={false}
                  {...form.getInputProps('carId')}
                />
                <Select
                  label={c.status}
                  data={BOOKING_STATUSES.map((status) => ({ value: status, label: statusBadge(status).label }))}
                  allowDeselect={false}
                  disabled={values.carId === 'none'}
                  {...form.getInputProps('status')}
                />
                <TextInput label={c.pickupDate} type="date" disabled={values.carId === 'none'} {...form.getInputProps('pickupDate')} />
                <TextInput label={c.returnDate} type="date" disabled={values.carId === 'none'} {...form.getInputProps('returnDate')} />
                <TextInput
                  label={c.total}
                  inputMode="decimal"
                  disabled={values.carId === 'none'}
                  description={suggestion ? c.suggested(formatPeso(suggestion)) : undefined}
                  {...form.getInputProps('total')}
                />
                {suggestion && !values.total ? (
                  <Button variant="subtle" size="xs" mt={{ sm: 28 }} style={{ justifySelf: 'start' }} onClick={() => form.setFieldValue('total', String(Number(suggestion)))}>
                    {c.useSuggested(formatPeso(suggestion))}
                  </Button>
                ) : null}
              </SimpleGrid>
            </>
          ) : null}
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {adminCopy.common.cancel}
            </Button>
            <Button type="submit" loading={pending}>
              {editing ? c.submitEdit : c.submitAdd}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
