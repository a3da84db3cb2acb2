import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink, IconPhoto } from '@tabler/icons-react';
import { useState } from 'react';
import { carHref } from '../../../../shared/carLinks';
import { messages } from '../../../../shared/messages';
import { formatPeso } from '../../../../shared/money';
import type { TCar } from '../../../../shared/schemas/car.schema';
import { CarSpecs } from '../../fleet/CarSpecs';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { useAccount } from '../account';
import { notifyError, notifySuccess } from '../notify';
import { ConfirmDialog, ListState, SearchField, TabHeader } from '../parts';
import { CarFormModal } from './CarFormModal';
import classes from './FleetTab.module.css';

const c = adminCopy.fleet;

function matches(car: TCar, q: string): boolean {
  const text = q.trim().toLowerCase();
  return !text || [car.name, car.category, car.plateNumber].some((field) => field.toLowerCase().includes(text));
}

/** Fleet Management: every car with Edit and Delete, and the Add Car / Edit Car dialog. */
export function FleetTab() {
  // Only owners delete cars (the server refuses anyone else).
  const { isOwner } = useAccount();
  const cars = trpc.cars.list.useQuery();
  const utils = trpc.useUtils();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<TCar | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TCar | null>(null);
  const remove = trpc.cars.delete.useMutation({
    onSuccess: async () => {
      notifySuccess(messages.admin.success.deleteCar);
      setDeleting(null);
      await Promise.all([utils.cars.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (error) => notifyError(error, messages.admin.failed.deleteCar),
  });
  const list = (cars.data ?? []).filter((car) => matches(car, search));

  return (
    <Stack gap="md">
      <TabHeader title={c.title} lead={c.lead(cars.data?.length ?? 0)}>
        <SearchField
          label={c.search}
          value={search}
          onChange={setSearch}
        />
        <Button onClick={() => setEditing('new')}>{c.add}</Button>
      </TabHeader>
      <ListState query={cars} empty={c.empty} isEmpty={list.length === 0}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3, xl: 4 }} spacing="md">
          {list.map((car) => (
            <Card key={car.id} padding={0} className={classes.card} data-testid="admin-car-card" aria-label={car.name} component="article">
              <div className={classes.media}>
                <img src={car.imageUrl} alt={car.name} loading="lazy" width={640} height={400} />
                <Badge className={classes.badge} color={car.available ? 'green' : 'red.9'} variant="filled" size="sm">
                  {car.available ? c.available : c.unavailable}
                </Badge>
                {car.images.length > 1 ? (
                  <Badge className={classes.count} color="dark" variant="filled" size="sm" leftSection={<IconPhoto size={12} aria-hidden />}>
                    {c.pictures(car.images.length)}
                  </Badge>
                ) : null}
              </div>
              <Stack gap={8} p="md" style={{ flex: 1 }}>
                <div>
                  <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
                    {car.category}
                  </Text>
                  <Title order={3} size="h5">
                    <Anchor href={carHref(car)} target="_blank" rel="noopener" inherit c="inherit" aria-label={c.page(car.name)}>
                      {car.name}
                      <IconExternalLink size={14} aria-hidden style={{ marginInlineStart: 4, verticalAlign: 'middle' }} />
                    </Anchor>
                  </Title>
                  <Text size="xs" c="dimmed">
                    {[car.year, car.plateNumber && `${c.plate} ${car.plateNumber}`].filter(Boolean).join(' · ')}
                  </Text>
                </div>
                <CarSpecs car={car} />
                <Text mt="auto">
                  <Text span fw={800} fz="lg" c="var(--color-accent-text)" data-testid="car-rate">
                    {formatPeso(car.dailyRate)}
                  </Text>
                  <Text span c="dimmed" size="sm">
                    {c.perDay}
                  </Text>
                </Text>
                <Group grow gap="xs">
                  <Button variant="default" size="xs" onClick={() => setEditing(car)} aria-label={`${c.edit} ${car.name}`}>
                    {c.edit}
                  </Button>
                  {isOwner ? (
                    <Button variant="light" color="red" size="xs" onClick={() => setDeleting(car)} aria-label={`${c.delete} ${car.name}`}>
                      {c.delete}
                    </Button>
                  ) : null}
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </ListState>
      <CarFormModal car={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={deleting !== null}
        title={c.confirmTitle}
        text={deleting ? c.confirmText(deleting.name) : ''}
        confirmLabel={c.confirm}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
