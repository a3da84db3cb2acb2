import { Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../../shared/labels';
import { messages } from '../../../shared/messages';
import { formatPeso, toCentavos } from '../../../shared/money';
import { PAYMENT_METHODS, ZAddPaymentSchema, type PaymentMethod } from '../../../shared/schemas/booking.schema';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { balanceOf, fieldErrors } from './helpers';
import { notifyError, notifySuccess } from './notify';
import { FormActions, FormDialog } from './parts';

const c = adminCopy.payment;

export interface PayableBooking {
  id: string;
  carName: string;
  customerName: string;
  total: string;
  amountPaid: string;
}

interface PaymentValues {
  amount: string;
  method: PaymentMethod;
  note: string;
}

const EMPTY: PaymentValues = { amount: '', method: 'cash', note: '' };

/** Add Payment: amount (at most the balance), method and an optional note; one row in the ledger. */
export function AddPaymentModal({ booking, onClose }: { booking: PayableBooking | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const balance = booking ? balanceOf(booking) : '0.00';
  const form = useForm<PaymentValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => {
      const errors = schemaResolver(ZAddPaymentSchema, { sync: true })(values);
      if (!errors.amount && toCentavos(values.amount) > toCentavos(balance)) errors.amount = c.overBalance(formatPeso(balance));
      return errors;
    },
  });
  useEffect(() => {
    if (booking) {
      const values = { ...EMPTY, amount: String(Number(balanceOf(booking))) };
      form.setValues(values);
      form.resetDirty(values);
    }
    form.clearErrors();
    // Reset for each booking opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking?.id]);
  const add = trpc.bookings.addPayment.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.updatePayment);
      onClose();
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (error) => {
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^payment\./, ''), message])));
      notifyError(error, messages.admin.failed.updatePayment);
    },
  });
  return (
    <FormDialog opened={booking !== null} onClose={onClose} dirty={form.isDirty()} busy={add.isPending} title={c.title} centered>
      {booking ? (
        <form onSubmit={form.onSubmit((values) => add.mutate({ id: booking.id, payment: values }))} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>{c.for(booking.carName, booking.customerName)}</Text>
              <Text size="sm" c="dimmed">
                {c.balance(formatPeso(balance))}
              </Text>
            </div>
            <TextInput label={c.amount} withAsterisk inputMode="decimal" data-autofocus {...form.getInputProps('amount')} />
            <Select
              label={c.method}
              data={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
              allowDeselect={false}
              {...form.getInputProps('method')}
            />
            <Textarea label={c.note} placeholder={c.notePlaceholder} autosize minRows={2} {...form.getInputProps('note')} />
            <FormActions submit={c.submit} pending={add.isPending} onCancel={onClose} />
          </Stack>
        </form>
      ) : null}
    </FormDialog>
  );
}
