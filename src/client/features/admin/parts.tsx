import { Alert, Badge, Button, Center, Group, Loader, Modal, Pagination, Progress, Stack, Text, TextInput, Title, type BadgeProps, type ModalProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { formatPeso } from '../../../shared/money';
import { REFERENCES_IN_TEXT } from '../../../shared/reference';
import { paymentProgress, statusBadge, type BookingStatus } from '../../../shared/schemas/booking.schema';
import { isErasedAddress } from '../../../shared/schemas/customer.schema';
import { adminCopy } from '../../content/admin';
import { errorMessage, pageInfo } from './helpers';
import classes from './parts.module.css';

const c = adminCopy;

/** What every dialog's close button is called (Mantine's has no name of its own). */
export const CLOSE_BUTTON = { 'aria-label': adminCopy.common.close } as const;

/** A dialog's title: bold and large, set on the element, so no stylesheet's order can undo it. */
const DIALOG_TITLE = { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } as const;

/** Shared dialog settings: a named close button, a bold title, and (for long forms) full screen on a phone. */
export function useDialogProps(options: { long?: boolean } = {}) {
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  return { closeButtonProps: CLOSE_BUTTON, styles: { title: DIALOG_TITLE }, fullScreen: !!options.long && phone };
}

/**
 * A light badge whose text stays readable (WCAG AA) on its tinted background: shade 9 darkened on
 * light surfaces, shade 2 on dark, instead of Mantine's lighter defaults (green-9 on green-light is 3.8:1).
 */
export function tone(color: string): Pick<BadgeProps, 'color' | 'variant'> & { style: CSSProperties } {
  return {
    color,
    variant: 'light',
    style: { color: `light-dark(color-mix(in srgb, var(--mantine-color-${color}-9) 55%, black), var(--mantine-color-${color}-2))` },
  };
}

/**
 * Text that may name bookings by their references ("… for Juan Dela Cruz, HI-7K3Q9P"): each
 * reference stays on one line, never broken at its hyphen, wherever the text wraps.
 */
export function WithReferences({ children }: { children: string }) {
  return children.split(REFERENCES_IN_TEXT).map((part, index) =>
    index % 2 ? (
      <span key={index} className={classes.reference}>
        {part}
      </span>
    ) : (
      part
    ),
  );
}

/** The spec's status badge: confirmed green, cancelled red, completed blue, anything else Pending in yellow. */
export function StatusBadge({ status }: { status: string }) {
  const badge = statusBadge(status);
  return (
    <Badge {...tone(badge.color)} data-testid="status-badge">
      {badge.label}
    </Badge>
  );
}

const PAYMENT_COLOR = { 'Fully Paid': 'green', 'Partially Paid': 'yellow', 'Not Paid': 'gray', 'Money Held': 'orange', 'Nothing Owed': 'gray' } as const;

/** Fully / Partially / Not Paid (or, on a cancelled booking, Money Held or Nothing Owed), with a bar capped at 100 %. */
export function PaymentState({ amountPaid, total, status, label }: { amountPaid: string; total: string; status: BookingStatus; label: string }) {
  const { state, percent } = paymentProgress(amountPaid, total, status);
  return (
    <Stack gap={4} data-testid="payment-state">
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Badge {...tone(PAYMENT_COLOR[state])} size="sm">
          {state}
        </Badge>
        <Text size="xs" c="dimmed">
          {state === 'Money Held' ? c.customers.held(formatPeso(amountPaid)) : state === 'Nothing Owed' ? c.customers.nothingOwed : c.customers.paidOf(formatPeso(amountPaid), formatPeso(total))}
        </Text>
      </Group>
      <Progress.Root size="sm" radius="xl">
        <Progress.Section value={percent} color={PAYMENT_COLOR[state]} aria-label={`${label}: ${state}, ${percent}%`} />
      </Progress.Root>
    </Stack>
  );
}

/**
 * A customer's e-mail address (a mail link) and phone. An erased customer's record holds neither:
 * its address is a stand-in (`erased:<id>`), no address, and is never shown.
 */
export function ContactLines({ email, phone }: { email: string; phone: string }) {
  return (
    <>
      {isErasedAddress(email) ? null : (
        <Text size="sm" className={classes.email}>
          <a href={`mailto:${email}`} className={classes.emailLink}>
            {email}
          </a>
        </Text>
      )}
      {phone ? (
        <Text size="sm" c="dimmed">
          {phone}
        </Text>
      ) : null}
    </>
  );
}

/** Loading, failed and empty states of a list, in one place. */
export function ListState({
  query,
  empty,
  isEmpty,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  empty: string;
  isEmpty: boolean;
  children: ReactNode;
}) {
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={adminCopy.login.checking} />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" title={c.common.loadFailed}>
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{errorMessage(query.error, c.common.loadFailed)}</Text>
          <Button size="xs" variant="default" onClick={() => query.refetch()}>
            {c.common.retry}
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (isEmpty) return <EmptyState>{empty}</EmptyState>;
  return <>{children}</>;
}

/** What stands in for a list or a chart with nothing to show: one dimmed line in a dashed box (as tall as the chart, `h`). */
export function EmptyState({ children, h }: { children: ReactNode; h?: number }) {
  return (
    <Center py={40} px="md" mih={h} className={classes.empty}>
      <Text c="dimmed" ta="center">
        {children}
      </Text>
    </Center>
  );
}

/**
 * "Showing 1–20 of 134" and the page buttons, for a list paged on the server. A search that matched
 * more than the server counts (`capped`) says so, and pages through the rows it counted.
 */
export function Pager({ offset, limit, total, capped = false, onOffset }: { offset: number; limit: number; total: number; capped?: boolean; onOffset: (offset: number) => void }) {
  const info = pageInfo(offset, limit, total);
  if (total === 0) return null;
  return (
    <Group justify="space-between" mt="md" gap="sm">
      <Text size="sm" c="dimmed" aria-live="polite">
        {c.common.showing(info.from, info.to, total, capped)}
      </Text>
      {info.pages > 1 ? (
        <Pagination
          total={info.pages}
          value={info.page}
          onChange={(page) => onOffset((page - 1) * limit)}
          size="sm"
          siblings={1}
          boundaries={1}
          getItemProps={(page) => ({ 'aria-label': `${c.common.page} ${page}` })}
          getControlProps={(control) => ({ 'aria-label': c.common.pageControls[control] })}
        />
      ) : null}
    </Group>
  );
}

/** The classes of a list of rows in a card: `rows` on the list, `grow` on a row's main column. */
export const rowList = { rows: classes.rows, grow: classes.grow };

/**
 * A confirmation dialog for a destructive action; the confirm button shows progress while it runs.
 * The focus starts on the confirm button, or on the way back (`cancelLabel`) with `focusCancel`.
 * `children`, if any, follow the text (what the action does, point by point).
 */
export function ConfirmDialog({
  opened,
  title,
  text,
  confirmLabel,
  cancelLabel = c.common.cancel,
  focusCancel = false,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  opened: boolean;
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel?: string;
  focusCancel?: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children?: ReactNode;
}) {
  const dialog = useDialogProps();
  return (
    <Modal opened={opened} onClose={pending ? () => undefined : onClose} title={title} centered {...dialog}>
      <Text size="sm">{text}</Text>
      {children}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={pending} data-autofocus={focusCancel || undefined}>
          {cancelLabel}
        </Button>
        <Button color="red.9" onClick={onConfirm} loading={pending} data-autofocus={!focusCancel || undefined}>
          {confirmLabel}
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * Every dashboard dialog that holds a form. Escape, the close button and a click outside close it
 * at once while nothing was typed; once the form is `dirty` they ask first, so a stray key press
 * never throws away what staff typed (Cancel, in FormActions, discards as it says). While it saves
 * or uploads (`busy`) it does not close at all.
 */
export function FormDialog({
  opened,
  onClose,
  dirty,
  busy = false,
  long = false,
  children,
  ...props
}: Pick<ModalProps, 'opened' | 'onClose' | 'title' | 'size' | 'centered' | 'children'> & { dirty: boolean; busy?: boolean; long?: boolean }) {
  const dialog = useDialogProps({ long });
  const [asking, setAsking] = useState(false);
  const requestClose = () => {
    if (busy) return;
    if (dirty) setAsking(true);
    else onClose();
  };
  // While the question is open, it alone answers Escape and clicks, and holds the focus.
  const askingNow = asking && opened;
  // Escape is taken from the dialog's own key events, not Mantine's window-wide listener: that one
  // would hand the same key press on to the question it has just opened, which would close again.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // An open dropdown or calendar takes its own Escape (it closes itself), as with Mantine's handler.
    const target = event.target as HTMLElement;
    const handledInside = target.getAttribute('data-mantine-stop-propagation') === 'true' || !!target.closest('[aria-expanded="true"], .mantine-Popover-dropdown');
    if (event.key !== 'Escape' || event.nativeEvent.isComposing || handledInside || askingNow) return;
    event.stopPropagation();
    requestClose();
  };
  return (
    <>
      <Modal opened={opened} onClose={requestClose} closeOnEscape={false} onKeyDown={onKeyDown} closeOnClickOutside={!askingNow} trapFocus={!askingNow} {...props} {...dialog}>
        {children}
      </Modal>
      <ConfirmDialog
        opened={askingNow}
        title={c.common.discard.title}
        text={c.common.discard.text}
        confirmLabel={c.common.discard.confirm}
        cancelLabel={c.common.discard.keep}
        focusCancel
        pending={false}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    </>
  );
}

/** A tab's head: its title and one line about it, with the tab's tools (search, actions) on the right. */
export function TabHeader({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-end" gap="sm">
      <div className={classes.intro}>
        <Title order={2} size="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {lead}
        </Text>
      </div>
      <Group gap="sm" className={classes.tools}>
        {children}
      </Group>
    </Group>
  );
}

/** The search box of a tab's head. */
export function SearchField({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  return <TextInput aria-label={label} placeholder={label} type="search" value={value} onChange={(event) => onChange(event.currentTarget.value)} className={classes.search} />;
}

/** A field's hint under its input, so that its input stands level with the one beside it in a row. */
export const HINT_BELOW: Array<'label' | 'input' | 'description' | 'error'> = ['label', 'input', 'description', 'error'];

/**
 * A dialog form's Cancel and submit buttons: both wait while it saves (or while `busy`, e.g. an
 * upload). Above them, the last refusal that named no field (`dialogRefusal`); the notice has
 * already announced it, so it is a note, not a second alert.
 */
export function FormActions({
  submit,
  pending,
  busy = false,
  onCancel,
  danger = false,
  refusal = null,
}: {
  submit: string;
  pending: boolean;
  busy?: boolean;
  onCancel: () => void;
  danger?: boolean;
  refusal?: string | null;
}) {
  return (
    <>
      {refusal ? (
        <Alert color="red" variant="light" p="sm" role="note" data-testid="dialog-refusal">
          {refusal}
        </Alert>
      ) : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" onClick={onCancel} disabled={pending || busy}>
          {adminCopy.common.cancel}
        </Button>
        <Button type="submit" loading={pending} disabled={busy} {...(danger ? { color: 'red.9' } : {})}>
          {submit}
        </Button>
      </Group>
    </>
  );
}
