import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { copy } from '../content/site';
import { usePageMeta } from '../usePageMeta';
import { localePath } from '../i18n';

export function NotFoundPage() {
  usePageMeta(copy.notFound.title, copy.notFound.text);
  return (
    <Container size="sm" py={120}>
      <Stack align="center" ta="center" gap="md">
        <Text fz={72} fw={900} c="var(--color-accent-text)" lh={1}>
          404
        </Text>
        <Title order={1}>{copy.notFound.title}</Title>
        <Text c="dimmed">{copy.notFound.text}</Text>
        <Button component={Link} to={localePath('/')} size="md">
          {copy.notFound.home}
        </Button>
      </Stack>
    </Container>
  );
}
