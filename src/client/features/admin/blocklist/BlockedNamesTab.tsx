import { Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import { ADMIN_PAGE_SIZES } from '../../../../shared/schemas/admin.schema';
import { ZBlockNameSchema, type TBlockedName } from '../../../../shared/schemas/blocklist.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { dialogRefusal, fieldErrors, shortDate } from '../helpers';
import { notify, notifyError, notifySuccess } from '../notify';
import { ConfirmDialog, FormActions, FormDialog, ListState, Pager, SearchField, TabHeader } from '../parts';
import { usePagedSearch } from '../usePagedSearch';
import classes from './BlockedNamesTab.module.css';

const c = adminCopy.blocked;
const PAGE_SIZE = ADMIN_PAGE_SIZES.blockedNames;

function BlockNameModal({ opened, onClose: close }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const form = useForm({ mode: 'controlled', initialValues: { fullName: '', reason: '' }, validate: schemaResolver(ZBlockNameSchema, { sync: true }) });
  // Closed without saving, what was typed is gone: the next Block Name starts empty.
  const onClose = () => {
    form.reset();
    block.reset();
    close();
  };
  const block = trpc.blocklist.block.useMutation({
    onSuccess: async (answer) => {
      if (answer.openBookings.length) {
        // Stays until closed: these bookings need a look, and the notice says which.
        const bookings = answer.openBookings.map((b) => `${b.reference} (${b.carName}, ${shortDate(b.pickupDate)} – ${shortDate(b.returnDate)})`);
        notify({ title: messages.admin.success.blockName, message: c.openBookings(answer.fullName, bookings), color: 'orange', autoClose: false });
      } else notifySuccess(messages.admin.success.blockName);
      form.reset();
      onClose();
      await utils.blocklist.invalidate();
    },
    onError: (error) => {
      form.setErrors(fieldErrors(error));
      notifyError(error, messages.admin.failed.blockName);
    },
  });
  return (
    <FormDialog opened={opened} onClose={onClose} dirty={form.isDirty()} busy={block.isPending} title={c.add} centered>
      <form onSubmit={form.onSubmit((values) => block.mutate(values))} noValidate>
        <Stack gap="md">
          <TextInput label={c.fullName} withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('fullName')} />
          <Textarea label={c.reason} placeholder={c.reasonPlaceholder} autosize minRows={2} {...form.getInputProps('reason')} />
          <FormActions submit={c.submit} pending={block.isPending} onCancel={onClose} danger refusal={dialogRefusal(block.error, messages.admin.failed.blockName)} />
        </Stack>
      </form>
    </FormDialog>
  );
}

/** Blocked Names: the Block Name dialog and the list, each with Unblock behind a confirmation. */
export function BlockedNamesTab() {
  const paged = usePagedSearch(PAGE_SIZE);
  const [adding, setAdding] = useState(false);
  const [unblocking, setUnblocking] = useState<TBlockedName | null>(null);
  const utils = trpc.useUtils();
  const names = trpc.blocklist.list.useQuery(paged.input, paged.queryOptions);
  const unblock = trpc.blocklist.unblock.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.unblockName);
      setUnblocking(null);
      await utils.blocklist.invalidate();
    },
    onError: (error) => notifyError(error, messages.admin.failed.unblockName),
  });
  const items = names.data?.items ?? [];
  return (
    <Stack gap="md">
      <TabHeader title={c.title} lead={c.lead}>
        <SearchField label={c.search} value={paged.search} onChange={paged.setSearch} />
        <Button color="red.9" onClick={() => setAdding(true)}>
          {c.add}
        </Button>
      </TabHeader>
      <ListState query={names} empty={c.empty} isEmpty={items.length === 0}>
        <Card padding={0}>
          <Stack gap={0} component="ul" className={classes.list}>
            {items.map((row) => (
              <Group key={row.id} component="li" justify="space-between" wrap="nowrap" gap="sm" className={classes.row} data-testid="blocked-name">
                <div className={classes.grow}>
                  <Text fw={600}>{row.fullName}</Text>
                  <Text size="sm" c={row.reason ? undefined : 'dimmed'} fs={row.reason ? undefined : 'italic'}>
                    {row.reason ?? c.noReason}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {c.blockedOn(shortDate(row.createdAt), row.blockedBy)}
                  </Text>
                </div>
                <Button variant="default" size="xs" onClick={() => setUnblocking(row)} aria-label={`${c.unblock} ${row.fullName}`}>
                  {c.unblock}
                </Button>
              </Group>
            ))}
          </Stack>
        </Card>
      </ListState>
      {names.data ? <Pager offset={paged.offset} limit={PAGE_SIZE} total={names.data.total} capped={names.data.totalCapped} onOffset={paged.setOffset} /> : null}
      <BlockNameModal opened={adding} onClose={() => setAdding(false)} />
      <ConfirmDialog
        opened={unblocking !== null}
        title={c.confirmTitle}
        text={unblocking ? c.confirmText(unblocking.fullName) : ''}
        confirmLabel={c.confirm}
        pending={unblock.isPending}
        onConfirm={() => unblocking && unblock.mutate({ id: unblocking.id })}
        onClose={() => setUnblocking(null)}
      />
    </Stack>
  );
}
