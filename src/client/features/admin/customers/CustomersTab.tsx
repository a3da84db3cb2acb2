import { Button, Card, Group, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { messages } from '../../../../shared/messages';
import { formatPeso } from '../../../../shared/money';
import { ADMIN_PAGE_SIZES } from '../../../../shared/schemas/admin.schema';
import type { TAdminCustomer, TCustomer } from '../../../../shared/schemas/customer.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { AddPaymentModal, type PayableBooking } from '../AddPaymentModal';
import { canAddPayment, shortDate } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { DocumentLinks, useDocumentViewer } from '../documents/Documents';
import { ListState, Pager, PaymentState, StatusBadge, SearchField, TabHeader } from '../parts';
import { usePagedSearch } from '../usePagedSearch';
import { CustomerFormModal } from './CustomerFormModal';
import classes from './CustomersTab.module.css';

const c = adminCopy.customers;
const PAGE_SIZE = ADMIN_PAGE_SIZES.customers;

/** Saves text as a file through a temporary link. */
function download(filename: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

function CustomerCard({
  customer,
  onEdit,
  onPay,
  onOpenDocument,
}: {
  customer: TAdminCustomer;
  onEdit: (customer: TCustomer) => void;
  onPay: (booking: PayableBooking) => void;
  onOpenDocument: (path: string) => void;
}) {
  return (
    <Card padding="lg" component="article" aria-label={customer.fullName} data-testid="customer-card">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div className={classes.grow}>
          <Title order={3} size="h5">
            {customer.fullName}
          </Title>
          <Text size="sm" className={classes.wrap}>
            <a href={`mailto:${customer.email}`} className={classes.link}>
              {customer.email}
            </a>
          </Text>
          <Text size="sm" c="dimmed">
            {customer.phone}
          </Text>
        </div>
        <Button variant="default" size="xs" onClick={() => onEdit(customer)} aria-label={`${c.edit} ${customer.fullName}`}>
          {c.edit}
        </Button>
      </Group>

      <Stack gap={2} mt="sm">
        {customer.license ? (
          <Text size="xs" c="dimmed">
            {c.license}: {customer.license}
            {customer.licenseExpiry ? ` (${c.licenseExpiry} ${shortDate(customer.licenseExpiry)})` : ''}
          </Text>
        ) : null}
        {customer.address ? (
          <Text size="xs" c="dimmed">
            {c.address}: {customer.address}
          </Text>
        ) : null}
        <Text size="xs" c="dimmed">
          {c.joined(shortDate(customer.createdAt))}
        </Text>
      </Stack>

      <DocumentLinks holder={customer} name={customer.fullName} onOpen={onOpenDocument} />

      <SimpleGrid cols={3} spacing="xs" mt="md" className={classes.totals} data-testid="customer-totals">
        {(['total', 'paid', 'pending'] as const).map((key) => (
          <div key={key}>
            <Text size="xs" c="dimmed">
              {c[key]}
            </Text>
            <Text fw={700} data-testid={key}>
              {formatPeso(customer.totals[key])}
            </Text>
          </div>
        ))}
      </SimpleGrid>

      <Text size="sm" fw={700} mt="md" mb={6}>
        {c.history} ({customer.bookings.length})
      </Text>
      <ScrollArea h={200} type="auto" offsetScrollbars className={classes.history} tabIndex={0} aria-label={`${c.history}: ${customer.fullName}`}>
        {customer.bookings.length === 0 ? (
          <Text size="sm" c="dimmed" p="xs">
            {c.noHistory}
          </Text>
        ) : (
          <Stack gap={0}>
            {customer.bookings.map((b) => (
              <Stack key={b.id} gap={6} className={classes.entry} data-testid="history-entry">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <div className={classes.grow}>
                    <Text size="sm" fw={600} truncate>
                      {b.carName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      <Text span ff="monospace" size="xs" data-testid="history-reference">
                        {b.reference}
                      </Text>{' '}
                      · {shortDate(b.pickupDate)} – {shortDate(b.returnDate)} · {adminCopy.bookings.days(b.totalDays)}
                    </Text>
                  </div>
                  <StatusBadge status={b.status} />
                </Group>
                <PaymentState amountPaid={b.amountPaid} total={b.total} label={`${customer.fullName}, ${b.carName}`} />
                {canAddPayment(b) ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => onPay({ id: b.id, carName: b.carName, customerName: customer.fullName, total: b.total, amountPaid: b.amountPaid })}
                    aria-label={`${c.addPayment}: ${customer.fullName}, ${b.carName}`}
                  >
                    {c.addPayment}
                  </Button>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Card>
  );
}

/** Customers: add (with an optional first booking), edit, documents, totals, history, payments and the CSV export. */
export function CustomersTab() {
  const paged = usePagedSearch(PAGE_SIZE);
  const [editing, setEditing] = useState<TCustomer | 'new' | null>(null);
  const [paying, setPaying] = useState<PayableBooking | null>(null);
  const documents = useDocumentViewer();
  const [exporting, setExporting] = useState(false);
  const utils = trpc.useUtils();
  const customers = trpc.customers.list.useQuery(paged.input, paged.queryOptions);
  const items = customers.data?.items ?? [];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const { filename, csv } = await utils.client.customers.exportCsv.query();
      download(filename, csv, 'text/csv;charset=utf-8');
      notifySuccess(messages.admin.exportComplete, c.exportDone(filename));
    } catch (error) {
      notifyError(error, adminCopy.common.loadFailed);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack gap="md">
      <TabHeader title={c.title} lead={c.lead(customers.data?.total ?? 0)}>
        <SearchField label={c.search} value={paged.search} onChange={paged.setSearch} />
        <Button variant="default" onClick={exportCsv} loading={exporting}>
          {c.export}
        </Button>
        <Button onClick={() => setEditing('new')}>{c.add}</Button>
      </TabHeader>
      <ListState query={customers} empty={c.empty} isEmpty={items.length === 0}>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((customer) => (
            <CustomerCard key={customer.id} customer={customer} onEdit={setEditing} onPay={setPaying} onOpenDocument={documents.open} />
          ))}
        </SimpleGrid>
      </ListState>
      {customers.data ? <Pager offset={paged.offset} limit={PAGE_SIZE} total={customers.data.total} capped={customers.data.totalCapped} onOffset={paged.setOffset} /> : null}
      <CustomerFormModal customer={editing} onClose={() => setEditing(null)} />
      <AddPaymentModal booking={paying} onClose={() => setPaying(null)} />
      {documents.dialog}
    </Stack>
  );
}
