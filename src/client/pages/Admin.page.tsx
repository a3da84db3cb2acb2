// Mantine's styles for the components only the dashboard renders (see src/client/mantineStyles.ts), then the charts' and the date pickers'.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Center.css';
import '@mantine/core/styles/ColorSwatch.css';
import '@mantine/core/styles/Divider.css';
import '@mantine/core/styles/Drawer.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Image.css';
import '@mantine/core/styles/Menu.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import '../features/admin/touchTargets.css';
import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { AdminLogin } from '../features/admin/AdminLogin';
import { errorMessage } from '../features/admin/helpers';
import { useSessionWatch } from '../features/admin/session';
import { SetPassword } from '../features/admin/SetPassword';
import { SetupRequired } from '../features/admin/SetupRequired';
import { useTouchTargets } from '../features/admin/useTouchTargets';
import { adminCopy } from '../content/admin';
import { focusIsLost, focusWithoutScroll } from '../focus';
import { trpc } from '../trpc';
import { usePageMeta } from '../usePageMeta';

/** The token of a one-time password link (/admin#set-password=<token>): in the fragment, so it never reaches a server log. */
function linkToken(): string | null {
  if (typeof window === 'undefined') return null;
  const match = /^#set-password=([A-Za-z0-9_-]{20,200})$/.exec(window.location.hash);
  return match?.[1] ?? null;
}

/**
 * /admin: a one-time link's password page, else the server's session decides between the sign-in
 * screen, the second-factor set-up an owner must do first (OWNER_REQUIRE_2FA), and the dashboard.
 */
export function AdminPage() {
  usePageMeta(adminCopy.meta.title, adminCopy.meta.description);
  useTouchTargets();
  const [token, setToken] = useState(linkToken);
  const [email, setEmail] = useState('');
  const session = trpc.admin.session.useQuery();
  const authenticated = session.data?.authenticated === true;
  useSessionWatch(authenticated);
  // Signed in from the form shown here: the form went away with the focus it held, so the dashboard
  // takes it (a page opened already signed in leaves the focus where a page load puts it).
  const signingIn = useRef(false);
  useEffect(() => {
    if (session.isSuccess && !authenticated) signingIn.current = true;
    if (!authenticated || !signingIn.current) return;
    signingIn.current = false;
    const main = document.getElementById('main');
    if (main && focusIsLost()) focusWithoutScroll(main);
  }, [authenticated, session.isSuccess]);

  if (token) {
    return (
      <SetPassword
        token={token}
        onDone={(address) => {
          window.history.replaceState(null, '', window.location.pathname + window.location.search);
          setEmail(address ?? '');
          setToken(null);
        }}
      />
    );
  }

  if (session.isPending) {
    return (
      <Center mih="60dvh">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed" size="sm">
            {adminCopy.login.checking}
          </Text>
        </Stack>
      </Center>
    );
  }
  if (session.isError) {
    return (
      <Container size="sm" py="xl">
        <Alert color="red" title={adminCopy.common.loadFailed}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{errorMessage(session.error, adminCopy.common.loadFailed)}</Text>
            <Button size="xs" variant="default" onClick={() => session.refetch()}>
              {adminCopy.common.retry}
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (!authenticated) return <AdminLogin key={email} email={email} />;
  return session.data?.account?.twoFactorSetupRequired ? <SetupRequired /> : <AdminDashboard />;
}
