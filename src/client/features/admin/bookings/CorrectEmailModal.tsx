import { Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { messages } from '../../../../shared/messages';
import { ZCorrectRenterEmailSchema, type TBooking } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { dialogRefusal, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog, WithReferences } from '../parts';

const c = adminCopy.correctEmail;

/**
 * "Correct e-mail": the renter mistyped their address, or gave someone else's. The booking is sent
 * to the right one with a new manage link; the links sent to the old one stop working.
 */
export function CorrectEmailModal({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<{ email: string }>({ mode: 'controlled', initialValues: { email: '' }, validate: schemaResolver(ZCorrectRenterEmailSchema, { sync: true }) });
  const correct = trpc.bookings.correctEmail.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.correctEmail);
      onClose();
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate()]);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError(error, messages.admin.failed.correctEmail);
    },
  });
  useEffect(() => {
    form.setValues({ email: '' });
    form.clearErrors();
    correct.reset();
    // Reset for each booking opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking?.id]);
  return (
    <FormDialog opened={booking !== null} onClose={onClose} dirty={form.isDirty()} busy={correct.isPending} title={c.title} centered>
      {booking ? (
        <form onSubmit={form.onSubmit((values) => correct.mutate({ id: booking.id, email: values.email }))} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>
                <WithReferences>{c.for(booking.reference, booking.customerName)}</WithReferences>
              </Text>
              <Text size="sm" c="dimmed" data-testid="current-email">
                {c.now(booking.customerEmail)}
              </Text>
            </div>
            <TextInput label={c.email} type="email" autoComplete="off" withAsterisk data-autofocus {...form.getInputProps('email')} />
            <Text size="sm" c="dimmed">
              {c.hint}
            </Text>
            <FormActions submit={c.submit} pending={correct.isPending} onCancel={onClose} refusal={dialogRefusal(correct.error, messages.admin.failed.correctEmail)} />
          </Stack>
        </form>
      ) : null}
    </FormDialog>
  );
}
