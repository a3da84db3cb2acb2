import { Alert, Select, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useEffect } from 'react';
import { DOCUMENT_LABELS } from '../../../../shared/labels';
import { messages } from '../../../../shared/messages';
import { DOCUMENT_FIELDS, ZRequestDocumentSchema, type DocumentField, type TBooking } from '../../../../shared/schemas/booking.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { dialogRefusal, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { FormActions, FormDialog, WithReferences } from '../parts';

const c = adminCopy.documentRequest;
/** The three documents, named when shown (the labels' catalog may load after this module). */
const documentOptions = () => DOCUMENT_FIELDS.map((field) => ({ value: field, label: DOCUMENT_LABELS[field] }));

interface RequestValues {
  field: DocumentField | '';
  note: string;
}

const EMPTY: RequestValues = { field: '', note: '' };

/** "Request a new document": which of the three and why; the renter is e-mailed a link to send it. */
export function RequestDocumentModal({ booking, onClose }: { booking: TBooking | null; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm<RequestValues>({ mode: 'controlled', initialValues: EMPTY, validate: schemaResolver(ZRequestDocumentSchema, { sync: true }) });
  const request = trpc.bookings.requestDocument.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.requestDocument);
      onClose();
      await utils.bookings.invalidate();
    },
    onError: (error) => {
      form.setErrors(Object.fromEntries(Object.entries(fieldErrors(error)).map(([path, message]) => [path.replace(/^request\./, ''), message])));
      notifyError(error, messages.admin.failed.requestDocument);
    },
  });
  useEffect(() => {
    form.setValues(EMPTY);
    form.clearErrors();
    request.reset();
    // Reset for each booking opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [booking?.id]);
  return (
    <FormDialog opened={booking !== null} onClose={onClose} dirty={form.isDirty()} busy={request.isPending} title={c.title} centered>
      {booking ? (
        <form onSubmit={form.onSubmit((values) => request.mutate({ id: booking.id, request: { field: values.field as DocumentField, note: values.note } }))} noValidate>
          <Stack gap="md">
            <div>
              <Text fw={600}>
                <WithReferences>{c.for(booking.reference, booking.customerName)}</WithReferences>
              </Text>
              <Text size="sm" c="dimmed">
                {c.hint}
              </Text>
            </div>
            {booking.requestedDocument ? (
              <Alert color="yellow" variant="light" p="sm" data-testid="request-replaces">
                <Text size="sm">{c.replaces(DOCUMENT_LABELS[booking.requestedDocument], booking.documentRequestNote ?? '')}</Text>
              </Alert>
            ) : null}
            <Select label={c.document} placeholder={c.documentPlaceholder} data={documentOptions()} withAsterisk allowDeselect={false} data-autofocus {...form.getInputProps('field')} value={form.getValues().field || null} />
            <Textarea label={c.note} placeholder={c.notePlaceholder} withAsterisk autosize minRows={3} maxRows={8} {...form.getInputProps('note')} />
            <FormActions submit={c.submit} pending={request.isPending} onCancel={onClose} refusal={dialogRefusal(request.error, messages.admin.failed.requestDocument)} />
          </Stack>
        </form>
      ) : null}
    </FormDialog>
  );
}
