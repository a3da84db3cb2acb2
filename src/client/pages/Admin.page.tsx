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
import '@mantine/core/styles/Modal.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Progress.css';
import '@mantine/core/styles/Switch.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Tabs.css';
import '@mantine/charts/styles.css';
import '@mantine/dates/styles.css';
import { Alert, Button, Center, Container, Loader, Stack, Text } from '@mantine/core';
import { AdminDashboard } from '../features/admin/AdminDashboard';
import { AdminLogin } from '../features/admin/AdminLogin';
import { errorMessage } from '../features/admin/helpers';
import { useSessionWatch } from '../features/admin/session';
import { adminCopy } from '../content/admin';
import { trpc } from '../trpc';
import { usePageMeta } from '../usePageMeta';

/** /admin: the server's session decides between the password screen and the dashboard. */
export function AdminPage() {
  usePageMeta(adminCopy.meta.title, adminCopy.meta.description);
  const session = trpc.admin.session.useQuery();
  const authenticated = session.data?.authenticated === true;
  useSessionWatch(authenticated);

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
  return authenticated ? <AdminDashboard /> : <AdminLogin />;
}
