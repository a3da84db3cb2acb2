import { Button } from '@mantine/core';
import { IconDeviceMobile } from '@tabler/icons-react';
import { messages } from '../../../shared/messages';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { TwoFactorSetup } from './account/TwoFactorSetup';
import { AuthCard } from './AuthCard';
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
    <AuthCard icon={<IconDeviceMobile size={26} aria-hidden />} title={c.title} lead={c.lead} width={560}>
      <TwoFactorSetup onDone={() => void utils.invalidate()} />
      <Button variant="subtle" color="gray" onClick={() => logout.mutate()} loading={logout.isPending} style={{ alignSelf: 'flex-start' }}>
        {adminCopy.header.logout}
      </Button>
    </AuthCard>
  );
}
