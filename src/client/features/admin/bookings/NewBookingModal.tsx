import { Divider, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { addDays } from '../../../../shared/dates';
import { DEFAULT_LOCALE, type Locale } from '../../../../shared/i18n/locales';
import { distanceServiceLabel, driverServiceLabel } from '../../../../shared/labels';
import { messages } from '../../../../shared/messages';
import { formatPeso } from '../../../../shared/money';
import { computePrice, DISTANCE_SERVICES, DRIVER_SERVICES, type DistanceService, type DriverService } from '../../../../shared/pricing';
import { BOOKING_STATUSES, DEFAULT_PICKUP_TIME, PICKUP_TIMES, statusBadge, ZNewBookingFormSchema, type BookingStatus, type PickupTime } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { DateField } from '../DateField';
import { carChoiceLabel, dialogRefusal, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog, HINT_BELOW } from '../parts';
import { RenterLanguageSelect } from './RenterLanguageSelect';
import { showFirstError } from '../../../components/FormFields/FormFields';

const c = adminCopy.newBooking;
const v = () => messages.validation;

/** Whom a new booking is for, when staff start it from a customer's record. */
export interface BookingRenter {
  fullName: string;
  email: string;
  phone: string;
}

interface NewBookingValues {
  customerName: string;
  customerEmail: string;
  customerPhone: string;
  carId: string;
  status: BookingStatus;
  pickupDate: string | null;
  returnDate: string | null;
  pickupTime: PickupTime;
  driverService: DriverService;
  distanceService: DistanceService;
  total: string;
  locale: Locale;
}

function valuesFor(renter: BookingRenter | null): NewBookingValues {
  return {
    customerName: renter?.fullName ?? '',
    customerEmail: renter?.email ?? '',
    customerPhone: renter?.phone ?? '',
    carId: '',
    status: 'confirmed',
    pickupDate: null,
    returnDate: null,
    pickupTime: DEFAULT_PICKUP_TIME,
    driverService: 'none',
    distanceService: 'none',
    total: '',
    locale: DEFAULT_LOCALE,
  };
}

const resolver = schemaResolver(ZNewBookingFormSchema, { sync: true });
/**
 * The schema's errors, and what is not chosen yet said as the required field it is (the schema's
 * checks across fields, such as the car, wait until every field has a value).
 */
function validate(values: NewBookingValues): Record<string, string> {
  return {
    ...resolver(values),
    ...(values.carId ? {} : { carId: v().chooseCar }),
    ...(values.pickupDate ? {} : { pickupDate: v().pickupDate }),
    ...(values.returnDate ? {} : { returnDate: v().returnDate }),
  };
}

/**
 * "New Booking": a rental taken by phone or at the counter, for anyone (from the bookings tab) or for
 * a customer on record (from their card, their details filled in). Priced by the shared price list
 * as the server will price it, unless staff enter the total they agreed.
 */
export function NewBookingModal({ opened, renter, onClose }: { opened: boolean; renter: BookingRenter | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const cars = trpc.cars.list.useQuery(undefined, { enabled: opened });
  const form = useForm<NewBookingValues>({ mode: 'controlled', initialValues: valuesFor(renter), validate });
  const create = trpc.bookings.createAdmin.useMutation({
    onSuccess: async (booking) => {
      notifySuccess(messages.admin.success.newBooking(booking.reference));
      onClose();
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate(), utils.admin.invalidate(), utils.cars.bookedDates.invalidate()]);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError(error, messages.admin.failed.newBooking);
    },
  });
  useEffect(() => {
    if (!opened) return;
    const initial = valuesFor(renter);
    form.setValues(initial);
    form.resetDirty(initial);
    form.clearErrors();
    create.reset();
    // Reset each time the dialog opens, for whomever it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, renter]);
  const values = form.getValues();
  const car = cars.data?.find((item) => item.id === values.carId);
  const price =
    car && values.pickupDate && values.returnDate && values.returnDate > values.pickupDate
      ? computePrice({ dailyRate: car.dailyRate, pickupDate: values.pickupDate, returnDate: values.returnDate, driverService: values.driverService, distanceService: values.distanceService }).total
      : null;
  const submit = form.onSubmit(() => create.mutate(ZNewBookingFormSchema.parse(form.getValues())), showFirstError);
  return (
    <FormDialog opened={opened} onClose={onClose} dirty={form.isDirty()} busy={create.isPending} title={c.title} size="lg" long>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {c.hint}
          </Text>
          <Divider label={c.renter} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={c.fullName} withAsterisk autoComplete="off" data-autofocus={renter ? undefined : true} {...form.getInputProps('customerName')} />
            <TextInput label={c.email} withAsterisk type="email" autoComplete="off" {...form.getInputProps('customerEmail')} />
            <TextInput label={c.phone} type="tel" autoComplete="off" {...form.getInputProps('customerPhone')} />
            <RenterLanguageSelect {...form.getInputProps('locale')} />
          </SimpleGrid>
          <Divider label={c.rental} labelPosition="left" />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={c.car}
              placeholder={c.carPlaceholder}
              withAsterisk
              searchable
              data-autofocus={renter ? true : undefined}
              data={(cars.data ?? []).map((item) => ({ value: item.id, label: carChoiceLabel(item) }))}
              {...form.getInputProps('carId')}
              value={values.carId || null}
              onChange={(value) => form.setFieldValue('carId', value ?? '')}
            />
            <Select label={c.status} data={BOOKING_STATUSES.map((status) => ({ value: status, label: statusBadge(status).label }))} allowDeselect={false} {...form.getInputProps('status')} />
            <DateField label={c.pickupDate} withAsterisk {...form.getInputProps('pickupDate')} />
            <DateField label={c.returnDate} withAsterisk minDate={values.pickupDate ? addDays(values.pickupDate, 1) : undefined} {...form.getInputProps('returnDate')} />
            <Select label={c.pickupTime} data={[...PICKUP_TIMES]} allowDeselect={false} {...form.getInputProps('pickupTime')} />
            <Select label={c.driver} data={DRIVER_SERVICES.map((service) => ({ value: service, label: driverServiceLabel(service).label }))} allowDeselect={false} {...form.getInputProps('driverService')} />
            <Select label={c.distance} data={DISTANCE_SERVICES.map((service) => ({ value: service, label: distanceServiceLabel(service).label }))} allowDeselect={false} {...form.getInputProps('distanceService')} />
            <TextInput label={c.total} inputMode="decimal" description={price ? c.totalHint(formatPeso(price)) : undefined} inputWrapperOrder={HINT_BELOW} {...form.getInputProps('total')} />
          </SimpleGrid>
          <FormActions submit={c.submit} pending={create.isPending} onCancel={onClose} refusal={dialogRefusal(create.error, messages.admin.failed.newBooking)} />
        </Stack>
      </form>
    </FormDialog>
  );
}
