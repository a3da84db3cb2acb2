// Mantine's styles for the dialog, which only this chunk renders (see src/client/mantineStyles.ts).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Alert, Button, Group, Modal, Text } from '@mantine/core';
import { useElementSize, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import type { DateSelection, DayBlock } from '../../../shared/calendar';
import { daysBetween, formatLongDate, todayInManila } from '../../../shared/dates';
import { calendarCopy, refusedMessage } from '../../content/calendar';
import { searchCopy as s } from '../../content/search';
import { RangeDatePicker } from '../dates/RangeDatePicker';
import { dayCount } from '../../../shared/labels';

/** Below this width (px) of the dialog one month fits; above it two. */
const TWO_MONTHS_WIDTH = 600;

/**
 * The date search's calendar: the rental calendar's rules with no booked days (which cars are
 * free is the search's answer), in a dialog (full screen on a phone). Done hands the dates back.
 */
export function DateRangeDialog({ opened, onClose, value, onDone }: { opened: boolean; onClose: () => void; value: DateSelection; onDone: (selection: DateSelection) => void }) {
  const [today] = useState(() => todayInManila());
  const [selection, setSelection] = useState(value);
  const [shown, setShown] = useState(opened);
  const [refused, setRefused] = useState<DayBlock | null>(null);
  const phone = useMediaQuery('(max-width: 36em)') ?? false;
  const { ref, width } = useElementSize();
  // Each opening starts from the dates of the form.
  if (opened !== shown) {
    setShown(opened);
    if (opened) {
      setSelection(value);
      setRefused(null);
    }
  }
  const { pickupDate, returnDate } = selection;
  const days = pickupDate && returnDate ? daysBetween(pickupDate, returnDate) : 0;
  const message = refused ? refusedMessage(refused) : null;

  return (
    <Modal opened={opened} onClose={onClose} returnFocus={false} title={s.dialog.title} size={720} fullScreen={phone} radius="lg" closeButtonProps={{ 'aria-label': s.dialog.close }} data-testid="search-calendar">
      <Text size="sm" c="dimmed" mb="md">
        {s.dialog.lead}
      </Text>
      <div ref={ref}>
        <RangeDatePicker
          today={today}
          booked={[]}
          value={selection}
          onChange={(next) => setSelection(next)}
          onRefuse={setRefused}
          columns={width >= TWO_MONTHS_WIDTH ? 2 : 1}
        />
      </div>
      <div role="status" aria-live="polite">
        {message ? (
          <Alert color="red" variant="light" mt="md" p="xs">
            <Text size="sm">{message}</Text>
          </Alert>
        ) : null}
      </div>
      <Group justify="space-between" align="center" mt="md" gap="sm">
        <Text size="sm" fw={600} aria-live="polite" data-testid="search-calendar-summary">
          {pickupDate ? formatLongDate(pickupDate) : calendarCopy.selectPickup}
          {' → '}
          {returnDate ? `${formatLongDate(returnDate)} (${dayCount(days)})` : calendarCopy.selectReturn}
        </Text>
        <Group gap="xs">
          <Button variant="subtle" onClick={() => setSelection({ pickupDate: null, returnDate: null })} disabled={!pickupDate}>
            {s.dialog.clear}
          </Button>
          <Button onClick={() => onDone(selection)} disabled={!pickupDate || !returnDate}>
            {s.dialog.done}
          </Button>
        </Group>
      </Group>
    </Modal>
  );
}
