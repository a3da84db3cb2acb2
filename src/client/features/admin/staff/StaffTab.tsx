import { ActionIcon, Badge, Button, Card, Code, CopyButton, Group, Menu, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconDots } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages';
import { STAFF_ROLES, ZCreateStaffSchema, type StaffRole, type TPasswordLink, type TStaffAccount } from '../../../../shared/schemas/staff.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { useAccount } from '../account';
import { changedFields, dateTime, dialogRefusal, fieldErrors } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { ConfirmDialog, FormActions, FormDialog, ListState, TabHeader, rowList, tone, useDialogProps } from '../parts';
import classes from './StaffTab.module.css';

const c = adminCopy.staff;
const STATUS_COLOR = { active: 'green', invited: 'yellow', disabled: 'gray' } as const;

/** Add or edit: name, e-mail address and role (the main owner's role and address stay as they are). */
function StaffFormModal({ editing, opened, onClose, onLink }: { editing: TStaffAccount | null; opened: boolean; onClose: () => void; onLink: (name: string, link: TPasswordLink) => void }) {
  const utils = trpc.useUtils();
  const { account: me } = useAccount();
  // Nobody changes their own role (the server refuses it), nor the main owner's.
  const ownRole = Boolean(editing && editing.id === me?.id && !editing.mainOwner);
  const form = useForm({
    mode: 'controlled',
    initialValues: { name: '', email: '', role: 'staff' as StaffRole },
    validate: schemaResolver(ZCreateStaffSchema, { sync: true }),
  });
  const done = async () => {
    form.reset();
    onClose();
    await utils.staff.list.invalidate();
  };
  const onError = (error: unknown) => {
    form.setErrors(fieldErrors(error));
    notifyError(error, messages.admin.failed.saveStaff);
  };
  const create = trpc.staff.create.useMutation({
    onSuccess: async (answer) => {
      notifySuccess(messages.admin.success.addStaff);
      onLink(answer.account.name, answer.link);
      await done();
    },
    onError,
  });
  const update = trpc.staff.update.useMutation({
    onSuccess: async (answer) => {
      notifySuccess(messages.admin.success.updateStaff);
      // A new address for someone who has not chosen a password yet: the earlier link stopped working.
      if (answer.link) onLink(answer.name, answer.link);
      await done();
    },
    onError,
  });
  useEffect(() => {
    if (!opened) return;
    // Filled anew for each opening: the dialog stays mounted, so that closing it returns the focus to what opened it.
    const values = { name: editing?.name ?? '', email: editing?.email ?? '', role: (editing?.role ?? 'staff') as StaffRole };
    form.setValues(values);
    form.resetDirty(values);
    form.clearErrors();
    create.reset();
    update.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [opened, editing?.id]);
  const pending = create.isPending || update.isPending;
  return (
    <FormDialog opened={opened} onClose={onClose} dirty={form.isDirty()} busy={pending} title={editing ? c.editTitle : c.addTitle} centered>
      <form
        onSubmit={form.onSubmit((values) => {
          if (!editing) return create.mutate(values);
          const data = changedFields(form, values);
          if (data) update.mutate({ id: editing.id, data });
          else onClose();
        })}
        noValidate
      >
        <Stack gap="md">
          {editing ? null : (
            <Text size="sm" c="dimmed">
              {c.addHint}
            </Text>
          )}
          <TextInput label={c.name} withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('name')} />
          <TextInput label={c.email} type="email" withAsterisk autoComplete="off" disabled={editing?.mainOwner} {...form.getInputProps('email')} />
          <Select
            label={c.role}
            withAsterisk
            allowDeselect={false}
            disabled={editing?.mainOwner || ownRole}
            data={STAFF_ROLES.map((role) => ({ value: role, label: adminCopy.roles[role] }))}
            description={ownRole ? c.ownRoleLocked : c.roleHints[form.values.role]}
            {...form.getInputProps('role')}
          />
          <FormActions submit={editing ? c.submitEdit : c.submitAdd} pending={pending} onCancel={onClose} refusal={dialogRefusal((editing ? update : create).error, messages.admin.failed.saveStaff)} />
        </Stack>
      </form>
    </FormDialog>
  );
}

/** The one-time link to pass on, with a copy button. */
function LinkModal({ shown, onClose }: { shown: { name: string; link: TPasswordLink } | null; onClose: () => void }) {
  const dialog = useDialogProps();
  return (
    <Modal opened={shown !== null} onClose={onClose} title={shown ? c.linkTitle(shown.name) : ''} centered {...dialog}>
      {shown ? (
        <Stack gap="md">
          <Text size="sm">{c.linkText(shown.name, dateTime(shown.link.expiresAt))}</Text>
          <Code className={classes.link} data-testid="password-link">
            {shown.link.url}
          </Code>
          <Group justify="flex-end" gap="sm">
            <CopyButton value={shown.link.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? c.copied : c.copy}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose} data-autofocus>
              {c.done}
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

type Confirming = { kind: 'reset' | 'disable'; account: TStaffAccount } | null;

/** Staff (owners only): every account, with Add, Edit, Reset Sign-In and Disable or Enable. */
export function StaffTab() {
  const { account: me } = useAccount();
  const utils = trpc.useUtils();
  const staff = trpc.staff.list.useQuery();
  const [form, setForm] = useState<{ editing: TStaffAccount | null; opened: boolean }>({ editing: null, opened: false });
  const [link, setLink] = useState<{ name: string; link: TPasswordLink } | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // Each row's actions button. A dialog opened from its menu is opened with the focus on it (the menu
  // item is gone by the time the dialog closes), so that closing the dialog returns it there.
  const actionButtons = useRef(new Map<string, HTMLButtonElement>());
  const fromRow = (id: string, open: () => void) => () => {
    actionButtons.current.get(id)?.focus();
    open();
  };
  const refresh = () => utils.staff.list.invalidate();
  const reset = trpc.staff.reset.useMutation({
    onSuccess: async (answer) => {
      setConfirming(null);
      notifySuccess(messages.admin.success.resetStaff);
      setLink({ name: answer.account.name, link: answer.link });
      await refresh();
    },
    onError: (error) => notifyError(error, messages.admin.failed.staffAction),
  });
  const disable = trpc.staff.disable.useMutation({
    onSuccess: async () => {
      setConfirming(null);
      notifySuccess(messages.admin.success.disableStaff);
      await refresh();
    },
    onError: (error) => notifyError(error, messages.admin.failed.staffAction),
  });
  const enable = trpc.staff.enable.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.enableStaff);
      await refresh();
    },
    onError: (error) => notifyError(error, messages.admin.failed.staffAction),
  });
  const items = staff.data ?? [];
  return (
    <Stack gap="md">
      <TabHeader title={c.title} lead={c.lead}>
        <Button onClick={() => setForm({ editing: null, opened: true })}>{c.add}</Button>
      </TabHeader>
      <ListState query={staff} empty={c.empty} isEmpty={items.length === 0}>
        <Card padding={0}>
          <Stack gap={0} component="ul" className={rowList.rows}>
            {items.map((row) => {
              const isMe = row.id === me?.id;
              const locked = row.mainOwner || isMe;
              return (
                <Group key={row.id} component="li" justify="space-between" wrap="nowrap" gap="sm" align="flex-start" className={classes.row} data-testid="staff-account">
                  <div className={rowList.grow}>
                    <Group gap={6}>
                      <Text fw={600}>{row.name}</Text>
                      {isMe ? <Badge size="xs" {...tone('blue')}>{c.you}</Badge> : null}
                    </Group>
                    <Text size="sm" className={classes.email}>
                      {row.email}
                    </Text>
                    <Group gap={6} mt={6}>
                      <Badge size="sm" {...tone(row.role === 'owner' ? 'grape' : 'cyan')}>
                        {row.mainOwner ? c.mainOwner : adminCopy.roles[row.role]}
                      </Badge>
                      <Badge size="sm" {...tone(STATUS_COLOR[row.status])}>
                        {c.status[row.status]}
                      </Badge>
                      {row.twoFactor ? (
                        <Badge size="sm" {...tone('green')}>
                          {c.twoFactor}
                        </Badge>
                      ) : null}
                    </Group>
                    <Text size="xs" c="dimmed" mt={6}>
                      {row.lastSignInAt ? c.lastSignIn(dateTime(row.lastSignInAt)) : c.neverSignedIn}
                      {row.activeSessions ? ` · ${c.sessions(row.activeSessions)}` : ''}
                    </Text>
                  </div>
                  <Menu position="bottom-end" withinPortal>
                    <Menu.Target>
                      <ActionIcon
                        variant="default"
                        size="lg"
                        aria-label={c.actions(row.name)}
                        ref={(button) => {
                          if (button) actionButtons.current.set(row.id, button);
                          else actionButtons.current.delete(row.id);
                        }}
                      >
                        <IconDots size={18} aria-hidden />
                      </ActionIcon>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={fromRow(row.id, () => setForm({ editing: row, opened: true }))}>{c.edit}</Menu.Item>
                      <Menu.Item disabled={locked} onClick={fromRow(row.id, () => setConfirming({ kind: 'reset', account: row }))}>
                        {c.reset}
                      </Menu.Item>
                      {row.status === 'disabled' ? (
                        <Menu.Item onClick={() => enable.mutate({ id: row.id })}>{c.enable}</Menu.Item>
                      ) : (
                        <Menu.Item color="red" disabled={locked} onClick={fromRow(row.id, () => setConfirming({ kind: 'disable', account: row }))}>
                          {c.disable}
                        </Menu.Item>
                      )}
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              );
            })}
          </Stack>
        </Card>
      </ListState>
      <StaffFormModal editing={form.editing} opened={form.opened} onClose={() => setForm((current) => ({ ...current, opened: false }))} onLink={(name, l) => setLink({ name, link: l })} />
      <LinkModal shown={link} onClose={() => setLink(null)} />
      <ConfirmDialog
        opened={confirming !== null}
        title={confirming?.kind === 'reset' ? c.resetTitle : c.disableTitle}
        text={confirming ? (confirming.kind === 'reset' ? c.resetText(confirming.account.name) : c.disableText(confirming.account.name)) : ''}
        confirmLabel={confirming?.kind === 'reset' ? c.resetConfirm : c.disableConfirm}
        pending={reset.isPending || disable.isPending}
        onConfirm={() => confirming && (confirming.kind === 'reset' ? reset.mutate({ id: confirming.account.id }) : disable.mutate({ id: confirming.account.id }))}
        onClose={() => setConfirming(null)}
      />
    </Stack>
  );
}
