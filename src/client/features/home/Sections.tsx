import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A home page section. Those after the fleet (`belowFold`) are skipped by the browser's layout and
 * paint while far from the screen (content-visibility), which keeps the page's first seconds on a
 * phone for what is on screen.
 */
export function Section({
  id,
  title,
  lead,
  children,
  tinted = false,
  belowFold = true,
}: {
  id?: string;
  title: string;
  lead?: string;
  children: ReactNode;
  tinted?: boolean;
  belowFold?: boolean;
}) {
  return (
    <Box component="section" id={id} className={belowFold ? 'render-when-seen' : undefined} py={{ base: 56, md: 88 }} bg={tinted ? 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-8))' : undefined} aria-labelledby={id ? `${id}-title` : undefined}>
      <Container size="xl">
        <Stack gap={6} mb={{ base: 28, md: 40 }} maw={720}>
          <Title order={2} id={id ? `${id}-title` : undefined} fz={{ base: 28, md: 36 }}>
            {title}
          </Title>
          {lead ? (
            <Text c="dimmed" fz="lg">
              {lead}
            </Text>
          ) : null}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

