/**
 * Money is computed in integer centavos and travels as a numeric string with two decimals
 * ("12500.00"), the form PostgreSQL's numeric(12,2) gives and the REST answers keep.
 */
export type Centavos = number;

/**
 * Pesos as people write them: up to 10 whole digits (numeric(12,2)), plain ("5000") or grouped in
 * threes by commas ("5,000", "1,234,567.50"), and at most two decimals. A comma anywhere else
 * ("5,00", "50,00,000") is refused rather than guessed at.
 */
const MONEY_PATTERN = /^-?(?:\d{1,10}|\d{1,3}(?:,\d{3}){1,2}|\d(?:,\d{3}){3})(?:\.\d{1,2})?$/;

/** The largest amount numeric(12,2) holds: ₱9,999,999,999.99. */
export const MAX_CENTAVOS: Centavos = 999_999_999_999;

export function isMoneyString(value: string): boolean {
  return MONEY_PATTERN.test(value.trim());
}

/** Parses "1800", "1,800", "1800.5" or 1800.5 into centavos; throws on anything else. */
export function toCentavos(value: string | number): Centavos {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
    return Math.round(value * 100);
  }
  const text = value.trim();
  if (!MONEY_PATTERN.test(text)) throw new RangeError(`Not an amount: ${value}`);
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace('-', '').replaceAll(',', '').split('.');
  const centavos = Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
  return negative ? -centavos : centavos;
}

/** 150000 -> "1500.00" */
export function fromCentavos(centavos: Centavos): string {
  const negative = centavos < 0;
  const abs = Math.abs(Math.round(centavos));
  const text = `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
  return negative ? `-${text}` : text;
}

const wholePesos = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const pesosWithCentavos = new Intl.NumberFormat('en-PH', {
  style: 'currency',
  currency: 'PHP',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** ₱12,500 — or ₱12,500.50 when there are centavos. */
export function formatPeso(amount: string | number | Centavos, unit: 'pesos' | 'centavos' = 'pesos'): string {
  const centavos = unit === 'centavos' ? Number(amount) : toCentavos(amount);
  const format = centavos % 100 === 0 ? wholePesos : pesosWithCentavos;
  return format.format(centavos / 100);
}

/** The amount when it is more than zero, else null: a deposit of 0 is none stated (a car's: the garage's applies). */
export function nonZeroAmount(amount: string | undefined): string | null {
  return amount && toCentavos(amount) > 0 ? amount : null;
}
