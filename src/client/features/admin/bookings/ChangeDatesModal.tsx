import { Alert, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { addDays } from '../../../../shared/dates';
import { messages } from '../../../../shared/messages';
import { formatPeso, fromCentavos, toCentavos } from '../../../../shared/money';
import { repricedTotalProblem, repriceForDates } from '../../../../shared/pricing';
import { DEFAULT_PICKUP_TIME, PICKUP_TIMES, isOccupying, ZUpdateBookingDatesSchema, type PickupTime, type TBooking } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { DateField } from '../DateField';
import { dialogRefusal, fieldErrors, shortDate } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog, WithReferences } from '../parts';

const c = adminCopy.changeDates;

interface DateValues {
  pickupDate: string;
  returnDate: string;
  pickupTime: PickupTime;
}

/** What the server would refuse of a new total (centavos), said before staff save; below what was paid, with what was paid and the way out (a refund first). */
function refusalOf(total: number, amountPaid: string): string | null {
  const problem = repricedTotalProblem(total, amountPaid);
  if (problem?.kind === 'belowPaid') return `${problem.message} (${formatPeso(amountPaid)}): ${c.refundFirst}`;
  return problem?.message ?? null;
}

/**
 * "Change dates": a booking moved to other days or another pick-up time (the renter asked for another
 * day, or to keep the car longer), with its new total shown before staff save it, priced as the server will price it
 * (`repriceForDates`). The days must be free; the server says so when they are not.
 */
export function ChangeDatesModal({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<DateValues>({
    mode: 'controlled',
    initialValues: { pickupDate: '', returnDate: '', pickupTime: DEFAULT_PICKUP_TIME },
    validate: schemaResolver(ZUpdateBookingDatesSchema, { sync: true }),
  });
  const save = trpc.bookings.updateDates.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.changeDates);
      onClose();
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate(), utils.admin.overview.invalidate(), utils.cars.bookedDates.invalidate()]);
    },
    onError: (error) => {
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^dates\./, ''), message])));
      notifyError(error, messages.admin.failed.changeDates);
    },
  });
  useEffect(() => {
    form.setInitialValues({ pickupDate: booking?.pickupDate ?? '', returnDate: booking?.returnDate ?? '', pickupTime: (booking?.pickupTime as PickupTime | undefined) ?? DEFAULT_PICKUP_TIME });
    form.reset();
    save.reset();
    // Reset for each booking opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking?.id]);
  const values = form.getValues();
  const ranged = booking && values.pickupDate && values.returnDate > values.pickupDate;
  const repriced = ranged ? repriceForDates(booking, values) : null;
  // What the server would refuse, said before staff save: a total of nothing, or below what was paid (a refund first).
  const refusal = booking && repriced ? refusalOf(repriced.total, booking.amountPaid) : null;
  // A discount is a negative adjustment.
  const adjustment = booking && toCentavos(booking.adjustment) !== 0 ? booking.adjustment : null;
  const open = booking ? isOccupying(booking.status) : false;
  return (
    <FormDialog opened={booking !== null} onClose={onClose} dirty={form.isDirty()} busy={save.isPending} title={c.title} centered>
      {booking ? (
        <form onSubmit={form.onSubmit((dates) => save.mutate({ id: booking.id, dates: { ...dates, expectedStatus: booking.status } }))} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>
                <WithReferences>{c.for(booking.reference, booking.customerName, booking.carName)}</WithReferences>
              </Text>
              <Text size="sm" c="dimmed">
                {c.now(`${shortDate(booking.pickupDate)} – ${shortDate(booking.returnDate)}`, booking.pickupTime, formatPeso(booking.total))}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <DateField label={c.pickup} withAsterisk clearable={false} data-autofocus {...form.getInputProps('pickupDate')} />
              <DateField
                label={c.return}
                withAsterisk
                clearable={false}
                minDate={values.pickupDate ? addDays(values.pickupDate, 1) : undefined}
                {...form.getInputProps('returnDate')}
              />
              <Select label={c.time} data={[...PICKUP_TIMES]} allowDeselect={false} {...form.getInputProps('pickupTime')} />
            </SimpleGrid>
            {repriced ? (
              <Alert color={refusal ? 'yellow' : 'teal'} variant="light" p="sm" data-testid="repriced">
                <Text size="sm" fw={600}>
                  {c.repriced(adminCopy.bookings.days(repriced.price.days), formatPeso(fromCentavos(repriced.total)))}
                </Text>
                <Text size="xs" c="dimmed">
                  {adjustment ? c.kept(formatPeso(adjustment)) : c.atRate}
                </Text>
                {refusal ? (
                  <Text size="sm" mt={4} data-testid="repriced-refusal">
                    {refusal}
                  </Text>
                ) : null}
              </Alert>
            ) : null}
            <Text size="sm" c="dimmed">
              {open ? c.renterMailed : c.notMailed}
            </Text>
            <FormActions submit={c.submit} pending={save.isPending} onCancel={onClose} refusal={dialogRefusal(save.error, messages.admin.failed.changeDates)} />
          </Stack>
        </form>
      ) : null}
    </FormDialog>
  );
}
