import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatPeso } from '../../../shared/money';
import type { PriceRow } from '../../../shared/receipt';
import { bookingFormCopy } from '../../content/bookingForm';

/** One line per charge and the total: the live summary of the form and the receipt's. */
export function PriceSummary({ rows, total, testId }: { rows: readonly PriceRow[]; total: string; testId?: string }) {
  return (
    <Stack gap={6} data-testid={testId}>
      {rows.map((row) => (
        <Group key={row.key} justify="space-between" wrap="nowrap" gap="md" data-line={row.key}>
          <Text size="sm">{row.label}</Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatPeso(row.amount)}
          </Text>
        </Group>
      ))}
      <Divider my={4} />
      <Group justify="space-between" wrap="nowrap" data-line="total">
        <Text fw={800}>{bookingFormCopy.pricing.total}</Text>
        <Text fw={800} fz="xl" c="var(--color-accent-text)" style={{ whiteSpace: 'nowrap' }} data-testid={testId ? `${testId}-total` : undefined}>
          {formatPeso(total)}
        </Text>
      </Group>
    </Stack>
  );
}
