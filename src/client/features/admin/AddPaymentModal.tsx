import { Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { PAYMENT_METHOD_LABELS } from '../../../shared/labels';
import { messages } from '../../../shared/messages';
import { formatPeso, fromCentavos, toCentavos } from '../../../shared/money';
import { FREE_CANCELLATION_HOURS, refundDue } from '../../../shared/cancellation';
import { PAYMENT_METHODS, ZAddPaymentSchema, type PaymentKind, type PaymentMethod, type TPayment } from '../../../shared/schemas/booking.schema';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { balanceOf, dialogRefusal, fieldErrors } from './helpers';
import { notifyError, notifySuccess } from './notify';
import { FormActions, FormDialog } from './parts';

export interface PayableBooking {
  id: string;
  carName: string;
  customerName: string;
  total: string;
  amountPaid: string;
  status?: string;
  pickupDate?: string;
  pickupTime?: string;
  cancelledAt?: string | null;
}

interface PaymentValues {
  amount: string;
  method: PaymentMethod;
  note: string;
}

const EMPTY: PaymentValues = { amount: '', method: 'cash', note: '' };

/** Whether the terms say what a refund of this booking should be: it was cancelled (and when is known). */
const termsApply = (booking: PayableBooking | null): booking is PayableBooking & { cancelledAt: string; pickupDate: string; pickupTime: string } =>
  booking?.status === 'cancelled' && Boolean(booking.cancelledAt && booking.pickupDate && booking.pickupTime);

/**
 * What the terms give back on a cancelled booking, reckoned on all that was paid in (its ledger's
 * payments, voided entries aside), less what was already given back: the refund's suggested amount, and the refunds before it.
 */
function termsRefund(booking: PayableBooking & { cancelledAt: string; pickupDate: string; pickupTime: string }, ledger: TPayment[]): { due: string; refunded: string } {
  const sum = (kind: PaymentKind) => ledger.filter((row) => row.kind === kind && !row.voidedAt).reduce((total, row) => total + toCentavos(row.amount), 0);
  const due = refundDue({ pickupDate: booking.pickupDate, pickupTime: booking.pickupTime, amountPaid: fromCentavos(sum('payment')) }, new Date(booking.cancelledAt));
  return { due: fromCentavos(Math.max(0, toCentavos(due) - sum('refund'))), refunded: fromCentavos(sum('refund')) };
}

/**
 * Add Payment: amount (at most the balance), method and an optional note; one row in the ledger.
 * Record Refund (`kind` refund): money given back, at most what was paid; for a cancelled booking
 * the amount the terms give back is suggested.
 */
export function AddPaymentModal({ booking, kind = 'payment', onClose }: { booking: PayableBooking | null; kind?: PaymentKind; onClose: () => void }) {
  const utils = trpc.useUtils();
  const c = kind === 'refund' ? adminCopy.refund : adminCopy.payment;
  // What may be entered at most: the balance, or for a refund what was paid.
  const limit = booking ? (kind === 'refund' ? booking.amountPaid : balanceOf(booking)) : '0.00';
  const ledger = trpc.bookings.payments.useQuery({ id: booking?.id ?? '' }, { enabled: kind === 'refund' && termsApply(booking), staleTime: 0 });
  const terms = kind === 'refund' && termsApply(booking) && ledger.data ? termsRefund(booking, ledger.data) : null;
  const form = useForm<PaymentValues>({
    mode: 'controlled',
    initialValues: EMPTY,
    validate: (values) => {
      const errors = schemaResolver(ZAddPaymentSchema, { sync: true })(values);
      if (!errors.amount && toCentavos(values.amount) > toCentavos(limit)) errors.amount = c.overLimit(formatPeso(limit));
      return errors;
    },
  });
  const suggested = kind === 'refund' ? (terms?.due ?? '') : booking ? balanceOf(booking) : '';
  const add = trpc.bookings.addPayment.useMutation({
    onSuccess: async () => {
      notifySuccess(kind === 'refund' ? messages.admin.success.recordRefund : messages.admin.success.updatePayment);
      onClose();
      await Promise.all([utils.bookings.invalidate(), utils.customers.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (error) => {
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^payment\./, ''), message])));
      notifyError(error, kind === 'refund' ? messages.admin.failed.recordRefund : messages.admin.failed.updatePayment);
    },
  });
  useEffect(() => {
    if (booking) {
      const values = { ...EMPTY, amount: suggested && toCentavos(suggested) > 0 ? String(Number(suggested)) : '' };
      form.setValues(values);
      form.resetDirty(values);
    }
    form.clearErrors();
    add.reset();
    // Reset for each booking opened, and once the ledger that a refund's suggestion needs has arrived.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking?.id, kind, suggested]);
  return (
    <FormDialog opened={booking !== null} onClose={onClose} dirty={form.isDirty()} busy={add.isPending} title={c.title} centered>
      {booking ? (
        <form onSubmit={form.onSubmit((values) => add.mutate({ id: booking.id, payment: { ...values, kind } }))} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>{c.for(booking.carName, booking.customerName)}</Text>
              <Text size="sm" c="dimmed">
                {c.limit(formatPeso(limit))}
              </Text>
              {terms ? (
                <Text size="sm" c="dimmed" data-testid="terms-refund">
                  {adminCopy.refund.terms(formatPeso(terms.due), FREE_CANCELLATION_HOURS, toCentavos(terms.refunded) > 0 ? formatPeso(terms.refunded) : null)}
                </Text>
              ) : null}
            </div>
            <TextInput label={c.amount} withAsterisk inputMode="decimal" data-autofocus {...form.getInputProps('amount')} />
            <Select
              label={c.method}
              data={PAYMENT_METHODS.map((method) => ({ value: method, label: PAYMENT_METHOD_LABELS[method] }))}
              allowDeselect={false}
              {...form.getInputProps('method')}
            />
            <Textarea label={c.note} placeholder={c.notePlaceholder} autosize minRows={2} {...form.getInputProps('note')} />
            <FormActions submit={c.submit} pending={add.isPending} onCancel={onClose} refusal={dialogRefusal(add.error, kind === 'refund' ? messages.admin.failed.recordRefund : messages.admin.failed.updatePayment)} />
          </Stack>
        </form>
      ) : null}
    </FormDialog>
  );
}
