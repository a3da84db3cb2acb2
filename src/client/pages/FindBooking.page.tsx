// Mantine's styles for the components only this page renders (see src/client/mantineStyles.ts).
import '@mantine/core/styles/Input.css';
import { Alert, Anchor, Box, Button, Card, Container, Group, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconMailForward, IconPhone } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import { telHref } from '../../shared/business';
import { messages } from '../../shared/messages';
import { ZFindBookingSchema } from '../../shared/schemas/renter.schema';
import { FormFields, showFirstError } from '../components/FormFields/FormFields';
import { myBookingCopy } from '../content/myBooking';
import { useSiteInfo } from '../features/site/useSiteInfo';
import { trpc } from '../trpc';
import { errorMessage } from '../trpcErrors';
import { usePageMeta } from '../usePageMeta';
import classes from './MyBooking.page.module.css';

const c = myBookingCopy.find;

/** The answer, which is the same whether or not anything matched; its heading takes the focus. */
function Sent({ onAgain }: { onAgain: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md" align="flex-start" role="status" data-testid="find-booking-sent">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconMailForward size={26} aria-hidden />
      </ThemeIcon>
      <Title order={2} size="h3" ref={heading} tabIndex={-1} className={classes.focusTarget}>
        {c.sentTitle}
      </Title>
      <Text>{messages.myBooking.findSent}</Text>
      <Text size="sm" c="dimmed">
        {c.sentHint}
      </Text>
      <Button variant="default" onClick={onAgain}>
        {c.again}
      </Button>
    </Stack>
  );
}

/** /find-booking: a booking's reference and e-mail address send its "Manage your booking" link again. */
export function FindBookingPage() {
  usePageMeta(c.title, c.description);
  const business = useSiteInfo();
  const form = useForm({ mode: 'controlled', initialValues: { reference: '', email: '' }, validate: schemaResolver(ZFindBookingSchema, { sync: true }) });
  const find = trpc.myBooking.find.useMutation();

  return (
    <Box py={{ base: 32, md: 64 }} className={classes.band}>
      <Container size={560}>
        <Stack gap={6} mb="lg">
          <Title order={1} fz={{ base: 30, md: 40 }}>
            {c.heading}
          </Title>
          <Text c="dimmed" fz="lg">
            {c.lead}
          </Text>
        </Stack>
        <Card p={{ base: 'lg', sm: 'xl' }}>
          {find.isSuccess ? (
            <Sent
              onAgain={() => {
                find.reset();
                form.reset();
              }}
            />
          ) : (
            <form noValidate onSubmit={form.onSubmit((values) => find.mutate(values), showFirstError)} aria-label={c.heading} data-testid="find-booking-form">
              <FormFields>
                <Stack gap="md">
                  <TextInput
                    label={c.reference}
                    placeholder={c.referencePlaceholder}
                    description={c.referenceHint}
                    withAsterisk
                    autoComplete="off"
                    autoCapitalize="characters"
                    spellCheck={false}
                    classNames={{ input: classes.codeInput }}
                    {...form.getInputProps('reference')}
                  />
                  <TextInput label={c.email} placeholder={c.emailPlaceholder} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
                  {find.isError ? (
                    <Alert color="red" variant="light" title={c.failedTitle} role="alert">
                      {errorMessage(find.error, c.failed)}
                    </Alert>
                  ) : null}
                  <Button type="submit" size="md" loading={find.isPending} loaderProps={{ type: 'dots' }} fullWidth>
                    {c.submit}
                  </Button>
                </Stack>
              </FormFields>
            </form>
          )}
        </Card>
        <Group gap="xs" mt="lg" wrap="wrap">
          <Text size="sm" c="dimmed">
            {c.help}
          </Text>
          <Anchor href={telHref(business.phonePrimary)} size="sm" underline="always" className={classes.phone}>
            <IconPhone size={14} aria-hidden /> {business.phonePrimary}
          </Anchor>
        </Group>
      </Container>
    </Box>
  );
}
