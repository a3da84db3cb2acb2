import { describe, expect, it } from 'vitest';
import { withLocale } from '../../src/server/i18n';
import { legalCopy } from '../../src/client/content/legal';
import type { MessageValues } from '../../src/shared/i18n/catalog';
import { LOCALES } from '../../src/shared/i18n/locales';
import { DELIVERY_AREA_LABELS, distanceServiceLabel, driverServiceLabel, priceListValues } from '../../src/shared/labels';
import { formatPeso } from '../../src/shared/money';
import { DELIVERY_AREAS, DELIVERY_FEE, DISTANCE_FEE_PER_DAY, DISTANCE_SERVICES, DRIVER_FEE_PER_DAY, DRIVER_SERVICES, INSURANCE_PER_RENTAL } from '../../src/shared/pricing';

const peso = (centavos: number) => formatPeso(centavos, 'centavos');

/** The terms' "Prices and services" items as the page shows them. */
function priceTerms(): string[] {
  const sections = legalCopy.terms.sections as unknown as Array<{ title: string; items?: Array<string | ((values: MessageValues) => string)> }>;
  const values = { deposit: '₱3,000', ...priceListValues() };
  return sections[3]!.items!.map((item) => (typeof item === 'function' ? item(values) : item));
}

describe.each(LOCALES)('the prices the site states in %s come from the price list (pricing.ts)', (locale) => {
  it('each paid driver and distance choice states its own rate; a free one states none', () =>
    withLocale(locale, () => {
      for (const service of DRIVER_SERVICES) {
        const { detail } = driverServiceLabel(service);
        if (DRIVER_FEE_PER_DAY[service]) expect(detail).toContain(peso(DRIVER_FEE_PER_DAY[service]));
        else expect(detail).not.toContain('₱');
      }
      for (const service of DISTANCE_SERVICES) {
        const { detail } = distanceServiceLabel(service);
        if (DISTANCE_FEE_PER_DAY[service]) expect(detail).toContain(peso(DISTANCE_FEE_PER_DAY[service]));
        else expect(detail).not.toContain('₱');
      }
      expect(driverServiceLabel('within_pangasinan').detail).not.toBe(driverServiceLabel('outside_pangasinan').detail);
    }));

  it("the terms' price list names every rate, the insurance and each paid delivery area with its fee", () =>
    withLocale(locale, () => {
      const terms = priceTerms().join('\n');
      expect(terms).not.toMatch(/[{}]/);
      for (const fee of [DRIVER_FEE_PER_DAY.within_pangasinan, DRIVER_FEE_PER_DAY.outside_pangasinan, DISTANCE_FEE_PER_DAY.outside_pangasinan_500, DISTANCE_FEE_PER_DAY.over_250km_800, INSURANCE_PER_RENTAL]) {
        expect(terms).toContain(peso(fee));
      }
      for (const area of DELIVERY_AREAS.filter((a) => DELIVERY_FEE[a] > 0)) expect(terms).toContain(`${DELIVERY_AREA_LABELS[area]} ${peso(DELIVERY_FEE[area])}`);
    }));
});

it('the paid delivery areas are listed from the nearest (the lowest fee) to the farthest', () => {
  const fees = priceListValues()
    .deliveryFees!.toString()
    .split(', ')
    .map((entry) => Number(entry.replace(/.*₱/, '').replace(/,/g, '')));
  expect(fees).toEqual([...fees].sort((a, b) => a - b));
  expect(fees).toHaveLength(DELIVERY_AREAS.filter((a) => DELIVERY_FEE[a] > 0).length);
});
