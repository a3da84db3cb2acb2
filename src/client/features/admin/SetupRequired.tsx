import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { messages } from '../../../shared/messages';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { TwoFactorSetup } from './account/TwoFactorSetup';
import { notifySuccess } from './notify';
import { useSignedOut } from './session';

const c = adminCopy.setupRequired;

/** An owner who must use two-step sign-in (OWNER_REQUIRE_2FA) and has not set it up sees only this. */
export function SetupRequired() {
  const signedOut = useSignedOut();
  const utils = trpc.useUtils();
  const logout = trpc.admin.logout.useMutation({
    onSettled: () => {
      signedOut();
      notifySuccess(messages.admin.loggedOut);
    },
  });
  return (
    <Center mih="calc(100dvh - 220px)" px="md" py={48}>
      <Card w="100%" maw={560} padding="xl" shadow="sm">
        <Stack gap="md">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconDeviceMobile size={26} aria-hidden />
          </ThemeIcon>
          <div>
            <Title order={1} size="h2">
              {c.title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {c.lead}
            </Text>
          </div>
          <TwoFactorSetup onDone={() => void utils.invalidate()} />
          <Button variant="subtle" color="gray" onClick={() => logout.mutate()} loading={logout.isPending} style={{ alignSelf: 'flex-start' }}>
            {adminCopy.header.logout}
          </Button>
        </Stack>
      </Card>
    </Center>
  );
}
