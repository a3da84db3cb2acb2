import { ActionIcon, Badge, Button, Card, Group, List, Menu, ScrollArea, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { messages } from '../../../../shared/messages';
import { formatPeso } from '../../../../shared/money';
import { ADMIN_PAGE_SIZES } from '../../../../shared/schemas/admin.schema';
import type { TAdminCustomer, TCustomer } from '../../../../shared/schemas/customer.schema';
import { adminCopy } from '../../../content/admin';
import { trpc } from '../../../trpc';
import { useAccount } from '../account';
import { AddPaymentModal, type PayableBooking } from '../AddPaymentModal';
import { canAddPayment, shortDate } from '../helpers';
import { notifyError, notifySuccess } from '../notify';
import { DocumentLinks, useDocumentViewer } from '../documents/Documents';
import { ConfirmDialog, ContactLines, ListState, Pager, PaymentState, StatusBadge, SearchField, TabHeader, tone, WithReferences } from '../parts';
import { useFocusHandoff } from '../useFocusHandoff';
import { usePagedSearch } from '../usePagedSearch';
import { CustomerFormModal } from './CustomerFormModal';
import { NewBookingModal, type BookingRenter } from '../bookings/NewBookingModal';
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

/** Where the focus goes after an erasure that removed the record: the search field. */
const SEARCH = 'search';

/**
 * A customer's card: contact details, documents, totals and booking history, with Edit and (for
 * owners, `onErase`) Erase Personal Data. An erased record keeps only its bookings: it shows when it
 * was erased, and offers no change (the server refuses them).
 */
function CustomerCard({
  customer,
  onEdit,
  onBook,
  onErase,
  onPay,
  onOpenDocument,
}: {
  customer: TAdminCustomer;
  onEdit: (customer: TCustomer) => void;
  onBook: (renter: BookingRenter) => void;
  onErase?: (customer: TAdminCustomer) => void;
  onPay: (booking: PayableBooking) => void;
  onOpenDocument: (path: string) => void;
}) {
  // The dialog opened from the menu returns the focus here when it closes (the menu item is gone by then).
  const more = useRef<HTMLButtonElement>(null);
  // Add Payment goes once nothing is owed: its focus comes to the booking history it was in.
  const history = useRef<HTMLDivElement>(null);
  const paymentFocus = useFocusHandoff(history);
  const erased = customer.erasedAt !== null;
  return (
    <Card padding="lg" component="article" aria-label={customer.fullName} data-testid="customer-card" data-customer-id={customer.id} tabIndex={erased ? -1 : undefined}>
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
        <div className={classes.grow}>
          <Group gap="xs" align="center">
            <Title order={3} size="h5">
              {customer.fullName}
            </Title>
            {customer.erasedAt ? (
              <Badge {...tone('gray')} data-testid="erased-badge">
                {c.erased(shortDate(customer.erasedAt))}
              </Badge>
            ) : null}
          </Group>
          <ContactLines email={customer.email} phone={customer.phone} />
        </div>
        {erased ? null : (
          <Group gap={6} wrap="nowrap">
            <Button variant="default" size="xs" onClick={() => onEdit(customer)} aria-label={`${c.edit} ${customer.fullName}`}>
              {c.edit}
            </Button>
            {onErase ? (
              <Menu position="bottom-end" withinPortal>
                <Menu.Target>
                  <ActionIcon variant="default" size="input-xs" aria-label={c.more(customer.fullName)} ref={more}>
                    <IconDots size={16} aria-hidden />
                  </ActionIcon>
                </Menu.Target>
                <Menu.Dropdown>
                  <Menu.Item
                    color="red"
                    onClick={() => {
                      more.current?.focus();
                      onErase(customer);
                    }}
                  >
                    {c.erase}
                  </Menu.Item>
                </Menu.Dropdown>
              </Menu>
            ) : null}
          </Group>
        )}
      </Group>

      <Stack gap={2} mt="sm">
        {erased ? (
          <Text size="xs" c="dimmed">
            {c.erasedNote}
          </Text>
        ) : null}
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

      {erased ? null : <DocumentLinks holder={customer} name={customer.fullName} onOpen={onOpenDocument} />}

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

      <Group justify="space-between" align="center" mt="md" mb={6} gap="xs">
        <Text size="sm" fw={700}>
          {c.history} ({customer.bookings.length})
        </Text>
        {erased ? null : (
          <Button variant="subtle" size="compact-xs" onClick={() => onBook({ fullName: customer.fullName, email: customer.email, phone: customer.phone })} aria-label={adminCopy.newBooking.openFor(customer.fullName)}>
            {adminCopy.newBooking.open}
          </Button>
        )}
      </Group>
      <ScrollArea.Autosize ref={history} mah={200} type="auto" offsetScrollbars="y" className={classes.history} tabIndex={0} aria-label={`${c.history}: ${customer.fullName}`}>
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
                        <WithReferences>{b.reference}</WithReferences>
                      </Text>{' '}
                      · {shortDate(b.pickupDate)} – {shortDate(b.returnDate)} · {adminCopy.bookings.days(b.totalDays)}
                    </Text>
                  </div>
                  <StatusBadge status={b.status} />
                </Group>
                <PaymentState amountPaid={b.amountPaid} total={b.total} status={b.status} label={`${customer.fullName}, ${b.carName}`} />
                {canAddPayment(b) ? (
                  <Button
                    size="compact-xs"
                    variant="light"
                    style={{ alignSelf: 'flex-start' }}
                    onClick={() => onPay({ id: b.id, carName: b.carName, customerName: customer.fullName, total: b.total, amountPaid: b.amountPaid })}
                    onFocus={paymentFocus}
                    aria-label={`${c.addPayment}: ${customer.fullName}, ${b.carName}`}
                  >
                    {c.addPayment}
                  </Button>
                ) : null}
              </Stack>
            ))}
          </Stack>
        )}
      </ScrollArea.Autosize>
    </Card>
  );
}

/**
 * Customers: add (with an optional first booking), edit, documents, totals, history, payments, the
 * CSV export, and (owners) erasing a customer's personal data at their request.
 */
export function CustomersTab() {
  const { isOwner } = useAccount();
  const paged = usePagedSearch(PAGE_SIZE);
  const [editing, setEditing] = useState<TCustomer | 'new' | null>(null);
  const [bookingFor, setBookingFor] = useState<BookingRenter | null>(null);
  const [paying, setPaying] = useState<PayableBooking | null>(null);
  // Kept while the dialog closes, so that its words do not change as it fades.
  const [erasing, setErasing] = useState<{ customer: TAdminCustomer; opened: boolean } | null>(null);
  const stopErasing = () => setErasing((current) => current && { ...current, opened: false });
  // A customer just erased, shown first (the search that found them, their name or address, is
  // cleared: it finds no one now), so that staff see what remains; until they search or page on.
  const [justErased, setJustErased] = useState<string | null>(null);
  const [focusAfterErase, setFocusAfterErase] = useState<string | null>(null);
  const tab = useRef<HTMLDivElement>(null);
  const documents = useDocumentViewer();
  const [exporting, setExporting] = useState(false);
  const utils = trpc.useUtils();
  const customers = trpc.customers.list.useQuery(paged.input, paged.queryOptions);
  const kept = trpc.customers.byId.useQuery({ id: justErased ?? '' }, { enabled: justErased !== null });
  const items = useMemo(() => {
    const listed = customers.data?.items ?? [];
    return kept.data && justErased ? [kept.data, ...listed.filter((item) => item.id !== justErased)] : listed;
  }, [customers.data, kept.data, justErased]);
  const erase = trpc.customers.erase.useMutation({
    onSuccess: async (answer, { id }) => {
      stopErasing();
      notifySuccess(messages.admin.success.eraseCustomer(answer.bookingsKept));
      // Loaded before the list is asked again, so the card changes in place rather than blinking out.
      if (answer.bookingsKept > 0) await utils.customers.byId.prefetch({ id });
      setJustErased(answer.bookingsKept > 0 ? id : null);
      // The menu the dialog would give the focus back to is gone: the erased card takes it, or the search when the record went.
      setFocusAfterErase(answer.bookingsKept > 0 ? id : SEARCH);
      paged.setSearch('');
      await Promise.all([utils.customers.invalidate(), utils.bookings.invalidate(), utils.admin.overview.invalidate()]);
    },
    onError: (error) => {
      stopErasing();
      notifyError(error, messages.admin.failed.eraseCustomer);
    },
  });
  useEffect(() => {
    if (!focusAfterErase || erasing?.opened) return;
    const target = tab.current?.querySelector<HTMLElement>(focusAfterErase === SEARCH ? 'input[type="search"]' : `[data-customer-id="${focusAfterErase}"]`);
    if (!target) return;
    target.focus();
    setFocusAfterErase(null);
  }, [focusAfterErase, erasing?.opened, items]);
  const searchAgain = (search: string) => {
    setJustErased(null);
    paged.setSearch(search);
  };
  const turnPage = (offset: number) => {
    setJustErased(null);
    paged.setOffset(offset);
  };

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
    <Stack gap="md" ref={tab}>
      <TabHeader title={c.title} lead={c.lead(customers.data?.total ?? 0)}>
        <SearchField label={c.search} value={paged.search} onChange={searchAgain} />
        <Button variant="default" onClick={exportCsv} loading={exporting}>
          {c.export}
        </Button>
        <Button onClick={() => setEditing('new')}>{c.add}</Button>
      </TabHeader>
      <ListState query={customers} empty={c.empty} isEmpty={items.length === 0}>
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="md" style={{ opacity: customers.isPlaceholderData ? 0.6 : 1 }}>
          {items.map((customer) => (
            <CustomerCard
              key={customer.id}
              customer={customer}
              onEdit={setEditing}
              onBook={setBookingFor}
              onErase={isOwner ? (customer) => setErasing({ customer, opened: true }) : undefined}
              onPay={setPaying}
              onOpenDocument={documents.open}
            />
          ))}
        </SimpleGrid>
      </ListState>
      {customers.data ? <Pager offset={paged.offset} limit={PAGE_SIZE} total={customers.data.total} capped={customers.data.totalCapped} onOffset={turnPage} /> : null}
      <CustomerFormModal customer={editing} onClose={() => setEditing(null)} />
      <NewBookingModal opened={bookingFor !== null} renter={bookingFor} onClose={() => setBookingFor(null)} />
      <ConfirmDialog
        opened={erasing?.opened ?? false}
        title={erasing ? c.eraseTitle(erasing.customer.fullName) : ''}
        text={c.eraseLead}
        confirmLabel={c.eraseConfirm}
        focusCancel
        pending={erase.isPending}
        onConfirm={() => erasing && erase.mutate({ id: erasing.customer.id })}
        onClose={stopErasing}
      >
        {erasing ? (
          <>
            <List size="sm" spacing="xs" mt="sm">
              <List.Item>{c.eraseWhat}</List.Item>
              <List.Item>{c.eraseKeeps(erasing.customer.bookings.length)}</List.Item>
            </List>
            <Text size="sm" fw={700} mt="sm">
              {c.eraseFinal}
            </Text>
          </>
        ) : null}
      </ConfirmDialog>
      <AddPaymentModal booking={paying} onClose={() => setPaying(null)} />
      {documents.dialog}
    </Stack>
  );
}
