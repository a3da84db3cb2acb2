import { Badge, Button, Drawer, Group, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ADMIN_PAGE_SIZES, AUDIT_ENTITIES, type TAuditEntry } from '../../../../shared/schemas/admin.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { dateTime, describeAuditEntry } from '../helpers';
import { ListState, tone, useDialogProps, WithReferences } from '../parts';
import classes from './AuditDrawer.module.css';

const c = adminCopy.audit;
const PAGE_SIZE = ADMIN_PAGE_SIZES.audit;
/** The kinds of records the log holds changes of: no change is recorded as a 'session' (sign-ins are in each account's sessions). */
const SHOWN_ENTITIES = AUDIT_ENTITIES.filter((entity) => entity !== 'session');

function AuditList() {
  const [entity, setEntity] = useState<TAuditEntry['entityType'] | null>(null);
  // Newest first, by cursor: each "older" page costs the same however long the log has grown.
  const audit = trpc.admin.audit.useInfiniteQuery(
    { ...(entity ? { entityType: entity } : {}), limit: PAGE_SIZE },
    { initialCursor: '', getNextPageParam: (page) => page.nextCursor, staleTime: 0 },
  );
  const items = audit.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {c.lead}
      </Text>
      <Select
        label={c.entity}
        placeholder={c.all}
        data={SHOWN_ENTITIES.map((value) => ({ value, label: c.entities[value] }))}
        value={entity}
        onChange={(value) => {
          setEntity(value as TAuditEntry['entityType'] | null);
        }}
        clearable
      />
      <ListState query={audit} empty={c.empty} isEmpty={items.length === 0}>
        <Stack gap={0} component="ol" className={classes.list}>
          {items.map((entry) => (
            <li key={entry.id} className={classes.entry} data-testid="audit-entry">
              <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} className={classes.what}>
                  <WithReferences>{describeAuditEntry(entry)}</WithReferences>
                </Text>
                <Badge size="xs" {...tone('gray')} className={classes.kind}>
                  {c.entities[entry.entityType]}
                </Badge>
              </Group>
              <Text size="xs" c="dimmed">
                {dateTime(entry.at)} · {c.by(entry.actor, entry.actorEmail)}
              </Text>
            </li>
          ))}
        </Stack>
      </ListState>
      {items.length ? (
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {audit.hasNextPage ? c.shown(items.length) : c.allShown(items.length)}
          </Text>
          {audit.hasNextPage ? (
            <Button size="xs" variant="default" onClick={() => void audit.fetchNextPage()} loading={audit.isFetchingNextPage}>
              {c.older}
            </Button>
          ) : null}
        </Group>
      ) : null}
    </Stack>
  );
}

/** The activity log: the latest admin changes (who, when, what), filterable by kind. */
export function AuditDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { closeButtonProps, styles } = useDialogProps();
  const dialog = { closeButtonProps, styles };
  return (
    <Drawer opened={opened} onClose={onClose} title={c.title} position="right" size="md" {...dialog}>
      {opened ? <AuditList /> : null}
    </Drawer>
  );
}
