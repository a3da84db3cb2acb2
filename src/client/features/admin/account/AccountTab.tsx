import { Badge, Button, Card, Group, PasswordInput, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { messages } from '../../../../shared/messages';
import { PASSWORD_MIN_LENGTH } from '../../../../shared/schemas/staff.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { useAccount } from '../account';
import { dateTime, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { ConfirmDialog, FormActions, FormDialog, ListState, TabHeader, rowList, tone } from '../parts';
import { useSignedOut } from '../session';
import classes from './AccountTab.module.css';
import { RecoveryCodes, TwoFactorSetup } from './TwoFactorSetup';

const c = adminCopy.account;

function Section({ title, lead, badge, children }: { title: string; lead: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <Card padding="lg">
      <Stack gap="md">
        <div>
          <Group gap="xs">
            <Title order={3} size="h4">
              {title}
            </Title>
            {badge}
          </Group>
          <Text size="sm" c="dimmed" mt={2}>
            {lead}
          </Text>
        </div>
        {children}
      </Stack>
    </Card>
  );
}

function PasswordSection() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const change = trpc.account.changePassword.useMutation({
    onSuccess: async (answer) => {
      setCurrent('');
      setNext('');
      setErrors({});
      notifySuccess(messages.admin.success.changePassword, messages.admin.success.otherSessionsEnded(answer.sessionsEnded));
    },
    onError: (error) => {
      setErrors(fieldErrors(error));
      if (!Object.keys(fieldErrors(error)).length) notifyError(error, messages.admin.failed.changePassword);
    },
  });
  return (
    <Section title={c.password.title} lead={c.password.lead}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          change.mutate({ currentPassword: current, newPassword: next });
        }}
        noValidate
      >
        <Stack gap="sm" maw={360}>
          <PasswordInput label={c.password.current} value={current} onChange={(e) => setCurrent(e.currentTarget.value)} autoComplete="current-password" error={errors.currentPassword} />
          <PasswordInput
            label={c.password.new}
            description={c.password.newHint(PASSWORD_MIN_LENGTH)}
            value={next}
            onChange={(e) => setNext(e.currentTarget.value)}
            autoComplete="new-password"
            error={errors.newPassword}
          />
          <Group>
            <Button type="submit" loading={change.isPending} disabled={!current || next.length < PASSWORD_MIN_LENGTH}>
              {c.password.submit}
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** A password prompt for the second factor's changes that need one (turning it off, new recovery codes). */
function PasswordPrompt({ title, text, submit, opened, pending, error, onSubmit, onClose }: { title: string; text: string; submit: string; opened: boolean; pending: boolean; error: string | undefined; onSubmit: (password: string) => void; onClose: () => void }) {
  const [password, setPassword] = useState('');
  return (
    <FormDialog opened={opened} onClose={onClose} dirty={password !== ''} busy={pending} title={title} centered>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (password) onSubmit(password);
        }}
      >
        <Stack gap="md">
          <Text size="sm">{text}</Text>
          <PasswordInput label={c.twoFactor.yourPassword} value={password} onChange={(e) => setPassword(e.currentTarget.value)} autoComplete="current-password" error={error} data-autofocus />
          <FormActions submit={submit} pending={pending} onCancel={onClose} />
        </Stack>
      </form>
    </FormDialog>
  );
}

function TwoFactorSection() {
  const { account } = useAccount();
  const utils = trpc.useUtils();
  const [settingUp, setSettingUp] = useState(false);
  const [prompt, setPrompt] = useState<'off' | 'codes' | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [error, setError] = useState<string | undefined>();
  const onError = (failure: unknown) => {
    const field = fieldErrors(failure).password;
    setError(field);
    if (!field) notifyError(failure, messages.admin.failed.twoFactor);
  };
  const off = trpc.account.twoFactorDisable.useMutation({
    onSuccess: async () => {
      setPrompt(null);
      notifySuccess(messages.admin.success.twoFactorOff);
      await utils.admin.session.invalidate();
    },
    onError,
  });
  const renew = trpc.account.recoveryCodes.useMutation({
    onSuccess: (answer) => {
      setPrompt(null);
      setCodes(answer.recoveryCodes);
      notifySuccess(messages.admin.success.recoveryCodes);
    },
    onError,
  });
  if (!account) return null;
  const on = account.twoFactor;
  const badge = <Badge {...tone(on ? 'green' : 'gray')}>{on ? c.twoFactor.on : c.twoFactor.off}</Badge>;
  const lead = `${on ? c.twoFactor.leadOn : c.twoFactor.leadOff}${account.twoFactorRequired ? ` ${c.twoFactor.required}` : ''}`;
  return (
    <Section title={c.twoFactor.title} lead={lead} badge={badge}>
      {codes ? (
        <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />
      ) : settingUp ? (
        <TwoFactorSetup onCancel={() => setSettingUp(false)} onDone={() => setSettingUp(false)} />
      ) : on ? (
        <Group gap="sm">
          <Button variant="default" onClick={() => { setError(undefined); setPrompt('codes'); }}>
            {c.twoFactor.newCodes}
          </Button>
          {account.twoFactorRequired ? null : (
            <Button variant="default" color="red" onClick={() => { setError(undefined); setPrompt('off'); }}>
              {c.twoFactor.turnOff}
            </Button>
          )}
        </Group>
      ) : (
        <Group>
          <Button onClick={() => setSettingUp(true)}>{c.twoFactor.setUp}</Button>
        </Group>
      )}
      <PasswordPrompt
        key={prompt ?? 'none'}
        opened={prompt !== null}
        title={prompt === 'off' ? c.twoFactor.turnOffTitle : c.twoFactor.newCodesTitle}
        text={prompt === 'off' ? c.twoFactor.turnOffText : c.twoFactor.newCodesText}
        submit={prompt === 'off' ? c.twoFactor.turnOff : c.twoFactor.newCodes}
        pending={off.isPending || renew.isPending}
        error={error}
        onSubmit={(password) => (prompt === 'off' ? off.mutate({ password }) : renew.mutate({ password }))}
        onClose={() => setPrompt(null)}
      />
    </Section>
  );
}

function SessionsSection() {
  const sessions = trpc.account.sessions.useQuery();
  const utils = trpc.useUtils();
  const signedOut = useSignedOut();
  const [everywhere, setEverywhere] = useState(false);
  const end = trpc.account.endSession.useMutation({
    onSuccess: async (_answer, input) => {
      if (sessions.data?.find((s) => s.id === input.id)?.current) {
        signedOut();
        return;
      }
      notifySuccess(messages.admin.success.sessionEnded);
      await utils.account.sessions.invalidate();
    },
    onError: (error) => notifyError(error, messages.admin.failed.signOut),
  });
  const endAll = trpc.account.endAllSessions.useMutation({
    onSuccess: () => {
      signedOut();
      notifySuccess(messages.admin.loggedOut);
    },
    onError: (error) => notifyError(error, messages.admin.failed.signOut),
  });
  const items = sessions.data ?? [];
  return (
    <Section title={c.sessions.title} lead={c.sessions.lead}>
      <ListState query={sessions} empty="" isEmpty={false}>
        <Stack gap={0} component="ul" className={rowList.rows}>
          {items.map((session) => {
            const Icon = /iOS|Android/.test(session.browser) ? IconDeviceMobile : IconDeviceDesktop;
            return (
              <Group key={session.id} component="li" wrap="nowrap" gap="sm" className={classes.row} data-testid="staff-session">
                <Icon size={22} aria-hidden stroke={1.6} />
                <div className={rowList.grow}>
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      {session.browser}
                    </Text>
                    {session.current ? (
                      <Badge size="xs" {...tone('blue')}>
                        {c.sessions.thisDevice}
                      </Badge>
                    ) : null}
                  </Group>
                  <Text size="xs" c="dimmed">
                    {session.address ?? c.sessions.unknownAddress} · {c.sessions.lastSeen(dateTime(session.lastSeenAt))}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.sessions.signedIn(dateTime(session.signedInAt))}
                  </Text>
                </div>
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => end.mutate({ id: session.id })}
                  loading={end.isPending && end.variables?.id === session.id}
                  aria-label={c.sessions.signOutOf(session.browser)}
                >
                  {c.sessions.signOut}
                </Button>
              </Group>
            );
          })}
        </Stack>
      </ListState>
      <Group>
        <Button color="red" variant="light" onClick={() => setEverywhere(true)}>
          {c.sessions.everywhere}
        </Button>
      </Group>
      <ConfirmDialog
        opened={everywhere}
        title={c.sessions.everywhereTitle}
        text={c.sessions.everywhereText}
        confirmLabel={c.sessions.everywhere}
        pending={endAll.isPending}
        onConfirm={() => endAll.mutate()}
        onClose={() => setEverywhere(false)}
      />
    </Section>
  );
}

/** My Account: the signed-in person's password, second factor and sessions. */
export function AccountTab() {
  const { account } = useAccount();
  return (
    <Stack gap="md">
      <TabHeader title={c.title} lead={account ? c.signedInAs(account.name, account.email) : c.lead}>
        {null}
      </TabHeader>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" style={{ alignItems: 'start' }}>
        <Stack gap="md">
          <TwoFactorSection />
          <PasswordSection />
        </Stack>
        <SessionsSection />
      </SimpleGrid>
    </Stack>
  );
}
