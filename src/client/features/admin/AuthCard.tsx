import { Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The card of the screens before the dashboard (sign-in, a code, a new password, a required set-up): an icon, a title, a line, then the form. */
export function AuthCard({ icon, title, lead, width = 420, children }: { icon: ReactNode; title: string; lead: ReactNode; width?: number; children: ReactNode }) {
  return (
    <Center mih="calc(100dvh - 220px)" px="md" py={48}>
      <Card w="100%" maw={width} padding="xl" shadow="sm">
        <Stack gap="md">
          <ThemeIcon size={48} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {lead}
            </Text>
          </div>
          {children}
        </Stack>
      </Card>
    </Center>
  );
}
