import { Badge, Button, Container, Group, Tabs, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ComponentType } from 'react';
import { useSearchParams } from 'react-router-dom';
import { messages } from '../../../shared/messages';
import { adminCopy } from '../../content/admin';
import { trpc } from '../../trpc';
import { useAccount } from './account';
import { AccountTab } from './account/AccountTab';
import { AuditDrawer } from './audit/AuditDrawer';
import { BlockedNamesTab } from './blocklist/BlockedNamesTab';
import { BookingsTab } from './bookings/BookingsTab';
import { CustomersTab } from './customers/CustomersTab';
import classes from './AdminDashboard.module.css';
import { FleetTab } from './fleet/FleetTab';
import { notifySuccess } from './notify';
import { OverviewTab } from './overview/OverviewTab';
import { useSignedOut } from './session';
import { StaffTab } from './staff/StaffTab';
import { tone } from './parts';

const TABS = ['overview', 'fleet', 'bookings', 'customers', 'blocked', 'staff', 'account'] as const;
type Tab = (typeof TABS)[number];
const PANELS: Record<Tab, ComponentType> = {
  overview: OverviewTab,
  fleet: FleetTab,
  bookings: BookingsTab,
  customers: CustomersTab,
  blocked: BlockedNamesTab,
  staff: StaffTab,
  account: AccountTab,
};
/** Only owners see the Staff tab (the server refuses its calls to anyone else). */
const OWNER_TABS: readonly Tab[] = ['staff'];

const c = adminCopy;

/** The dashboard: its tabs (the current one kept in the address; Staff for owners), the activity log and Logout. */
export function AdminDashboard() {
  const [params, setParams] = useSearchParams();
  const { account, isOwner } = useAccount();
  const tabs = TABS.filter((key) => isOwner || !OWNER_TABS.includes(key));
  const requested = params.get('tab');
  const tab: Tab = tabs.includes(requested as Tab) ? (requested as Tab) : 'overview';
  const [auditOpened, audit] = useDisclosure(false);
  const signedOut = useSignedOut();
  const logout = trpc.admin.logout.useMutation({
    onSettled: () => {
      signedOut();
      notifySuccess(messages.admin.loggedOut);
    },
  });

  return (
    <Container size="xl" py={{ base: 'lg', sm: 'xl' }}>
      <Group justify="space-between" align="flex-end" mb="lg" gap="md">
        <div>
          <Title order={1} size="h2">
            {c.header.title}
          </Title>
          <Text c="dimmed" size="sm">
            {c.header.lead}
          </Text>
          {account ? (
            <Group gap={6} mt={6} data-testid="signed-in-as">
              <Text size="sm" c="dimmed">
                {c.header.signedInAs}
              </Text>
              <Text size="sm" fw={600}>
                {account.name}
              </Text>
              <Badge size="sm" {...tone(account.role === 'owner' ? 'grape' : 'cyan')}>
                {c.roles[account.role]}
              </Badge>
            </Group>
          ) : null}
        </div>
        <Group gap="sm">
          <Button variant="default" onClick={audit.open}>
            {c.header.activity}
          </Button>
          <Button color="red" variant="light" onClick={() => logout.mutate()} loading={logout.isPending}>
            {c.header.logout}
          </Button>
        </Group>
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => setParams(value && value !== 'overview' ? { tab: value } : {}, { replace: true })}
        keepMounted={false}
        classNames={{ list: classes.tabList, tab: classes.tab }}
      >
        <Tabs.List aria-label={c.tabs.label}>
          {tabs.map((key) => (
            <Tabs.Tab key={key} value={key}>
              {c.tabs[key]}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {tabs.map((key) => {
          const Panel = PANELS[key];
          return (
            <Tabs.Panel key={key} value={key} pt="lg">
              <Panel />
            </Tabs.Panel>
          );
        })}
      </Tabs>
      <AuditDrawer opened={auditOpened} onClose={audit.close} />
    </Container>
  );
}
