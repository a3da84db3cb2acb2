// Mantine's styles for the components only the enquiry form renders (see src/client/mantineStyles.ts).
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useRef } from 'react';
import { messages } from '../../../shared/messages';
import { CONTACT_SUBJECTS, ZContactSchema, type TContactInput } from '../../../shared/schemas/contact.schema';
import { homeCopy } from '../../content/home';
import { FormFields, showFirstError } from '../../components/FormFields/FormFields';
import { takeLostFocus } from '../../focus';
import { trpc } from '../../trpc';
import { notify } from '../../notify';

const EMPTY: TContactInput = { firstName: '', lastName: '', email: '', phone: '', subject: '', message: '' };

/** The enquiry form: first and last name, e-mail and message required; phone and subject optional. */
export function ContactForm() {
  const form = useForm<TContactInput>({ mode: 'controlled', initialValues: EMPTY, validate: schemaResolver(ZContactSchema, { sync: true }) });
  // The button is disabled while the message is sent, which drops the keyboard's focus: once
  // answered, it goes to the emptied form's first field (sent) or back to the button (failed).
  const firstField = useRef<HTMLInputElement>(null);
  const submit = useRef<HTMLButtonElement>(null);
  const refocus = (target: HTMLElement | null) => window.requestAnimationFrame(() => takeLostFocus(target));
  const send = trpc.contact.send.useMutation({
    onSuccess: () => {
      notify({ title: messages.contact.successTitle, message: messages.contact.success, color: 'green' });
      form.reset();
      refocus(firstField.current);
    },
    onError: () => {
      notify({ title: messages.contact.failedTitle, message: messages.contact.failed, color: 'red' });
      refocus(submit.current);
    },
  });
  const subject = form.getValues().subject ?? '';
  const note = subject in homeCopy.contact.notes ? homeCopy.contact.notes[subject as keyof typeof homeCopy.contact.notes] : undefined;

  return (
    <Card padding="xl" component="section" aria-labelledby="contact-form-title">
      <form
        noValidate
        onSubmit={form.onSubmit(
          (values) => send.mutate(values),
          (errors, values, event) => {
            notify({ title: messages.contact.requiredTitle, message: messages.contact.required, color: 'red' });
            showFirstError(errors, values, event);
          },
        )}
      >
        <FormFields>
          <Stack gap="md">
            <Title order={3} id="contact-form-title" size="h4">
              {homeCopy.contact.form.title}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput ref={firstField} label={homeCopy.contact.form.firstName} withAsterisk autoComplete="given-name" {...form.getInputProps('firstName')} />
              <TextInput label={homeCopy.contact.form.lastName} withAsterisk autoComplete="family-name" {...form.getInputProps('lastName')} />
              <TextInput label={homeCopy.contact.form.email} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
              <TextInput label={homeCopy.contact.form.phone} type="tel" autoComplete="tel" {...form.getInputProps('phone')} />
            </SimpleGrid>
            <Select
              label={homeCopy.contact.form.subject}
              placeholder={homeCopy.contact.form.subjectPlaceholder}
              data={CONTACT_SUBJECTS.map((value) => ({ value, label: homeCopy.contact.subjects[value] }))}
              clearable
              allowDeselect
              {...form.getInputProps('subject')}
              value={subject || null}
              onChange={(value) => form.setFieldValue('subject', value ?? '')}
            />
            {note ? (
              <Alert color="lagoon" variant="light" title={homeCopy.contact.subjects[subject as keyof typeof homeCopy.contact.subjects]}>
                {note}
              </Alert>
            ) : null}
            <Textarea label={homeCopy.contact.form.message} withAsterisk autosize minRows={4} maxRows={10} {...form.getInputProps('message')} />
            <Group justify="space-between" align="center">
              <Text size="xs" c="dimmed">
                {homeCopy.contact.form.required}
              </Text>
              <Button ref={submit} type="submit" loading={send.isPending} loaderProps={{ type: 'dots' }}>
                {send.isPending ? homeCopy.contact.form.sending : homeCopy.contact.form.send}
              </Button>
            </Group>
          </Stack>
        </FormFields>
      </form>
    </Card>
  );
}
