import { Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { ledgerRow } from '../../../../shared/labels';
import { messages } from '../../../../shared/messages';
import { ZVoidPaymentSchema, type TPayment } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { dateTime, dialogRefusal, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog } from '../parts';

const c = adminCopy.voidPayment;

/**
 * The owner voids a payment or refund entered by mistake (a typo in the amount, the wrong booking):
 * it stays in the ledger, struck through, and no longer counts; the renter is e-mailed the correction.
 */
export function VoidPaymentModal({ payment, onClose }: { payment: TPayment | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<{ reason: string }>({ mode: 'controlled', initialValues: { reason: '' }, validate: schemaResolver(ZVoidPaymentSchema, { sync: true }) });
  const voiding = trpc.bookings.voidPayment.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.voidPayment);
      onClose();
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError(error, messages.admin.failed.voidPayment);
    },
  });
  useEffect(() => {
    form.setValues({ reason: '' });
    form.clearErrors();
    voiding.reset();
    // Reset for each entry opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [payment?.id]);
  const row = payment ? ledgerRow(payment) : null;
  return (
    <FormDialog opened={payment !== null} onClose={onClose} dirty={form.isDirty()} busy={voiding.isPending} title={c.title} centered>
      {payment && row ? (
        <form onSubmit={form.onSubmit((values) => voiding.mutate({ id: payment.bookingId, paymentId: payment.id, reason: values.reason }))} noValidate>
          <Stack gap="md">
            <Text fw={600} data-testid="voided-entry">
              {c.entry(row.amount, row.what, dateTime(payment.createdAt), payment.recordedBy)}
            </Text>
            <Textarea label={c.reason} placeholder={c.reasonPlaceholder} withAsterisk autosize minRows={2} data-autofocus {...form.getInputProps('reason')} />
            <Text size="sm" c="dimmed">
              {c.hint}
            </Text>
            <FormActions submit={c.submit} pending={voiding.isPending} onCancel={onClose} danger refusal={dialogRefusal(voiding.error, messages.admin.failed.voidPayment)} />
          </Stack>
        </form>
      ) : null}
    </FormDialog>
  );
}
