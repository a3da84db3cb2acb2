import { Divider, Group, Stack, Text } from '@mantine/core';
import { formatPeso, nonZeroAmount } from '../../../shared/money';
import { depositLabel, type PriceRow } from '../../../shared/receipt';
import { bookingFormCopy } from '../../content/bookingForm';

/** One line per charge and the total (and the car's security deposit under it): the live summary of the form and the receipt's. */
export function PriceSummary({ rows, total, deposit, testId }: { rows: readonly PriceRow[]; total: string; deposit?: string; testId?: string }) {
  const shownDeposit = nonZeroAmount(deposit);
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
      {shownDeposit ? (
        <Group justify="space-between" wrap="nowrap" gap="md" data-line="deposit" data-testid={testId ? `${testId}-deposit` : undefined}>
          <Text size="sm" c="dimmed">
            {depositLabel()}
          </Text>
          <Text size="sm" fw={600} c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {formatPeso(shownDeposit)}
          </Text>
        </Group>
      ) : null}
    </Stack>
  );
}
