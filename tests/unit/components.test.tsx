import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CarCard } from '../../src/client/features/fleet/CarCard';
import { RentalCalendar } from '../../src/client/features/booking/RentalCalendar';
import type { TCar } from '../../src/shared/schemas/car.schema';
import { theme } from '../../src/client/theme';

function render(node: ReactNode): string {
  return renderToStaticMarkup(<MantineProvider theme={theme}>{node}</MantineProvider>);
}

function text(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const CAR: TCar = {
  id: '61768417-772f-40a6-9752-1a8604bf7dbd',
  name: 'Toyota Fortuner 2.8 Q 4x4',
  category: 'Premium SUV',
  dailyRate: '4500.00',
  seats: 7,
  transmission: 'Automatic',
  fuel: 'Diesel',
  image: 'fortuner.jpg',
  description: '',
  mileage: '',
  year: 2024,
  plateNumber: 'NBC 1234',
  available: true,
};

describe('CarCard', () => {
  it.each([
    ['Premium SUV', 'Popular'],
    ['premium suv', 'Popular'],
    ['Adventure SUV', 'Available'],
    ['COMPACT SEDAN', 'Economy'],
    ['Van', 'Available'],
  ])('an available %s shows the %s badge and an enabled Select This Car button', (category, badge) => {
    const html = render(<CarCard car={{ ...CAR, category }} onSelect={() => undefined} />);
    expect(text(html)).toContain(` ${badge} `);
    expect(text(html)).toContain('Select This Car');
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(text(html)).not.toContain('Currently Booked');
    expect(text(html)).toContain('₱4,500');
  });

  it('an unavailable car shows the Currently Booked overlay, the Unavailable badge and a disabled button', () => {
    const html = render(<CarCard car={{ ...CAR, available: false }} onSelect={() => undefined} />);
    expect(text(html)).toContain('Currently Booked');
    expect(text(html)).toContain(' Unavailable ');
    expect(text(html)).not.toContain('Popular');
    expect(html).toMatch(/<button[^>]*disabled[^>]*>(?:(?!<\/button>).)*Currently Unavailable/s);
  });
});

describe('RentalCalendar', () => {
  const rules = { today: '2026-11-23', booked: [{ start: '2026-11-26', end: '2026-11-27' }] };

  it('shows the month as six weeks from Sunday, with past and booked days marked and refused', () => {
    const html = render(<RentalCalendar today={rules.today} booked={rules.booked} value={{ pickupDate: null, returnDate: null }} onChange={() => undefined} />);
    expect(text(html)).toContain('Select Rental Dates');
    expect(text(html)).toContain('Select pickup date');
    expect(text(html)).toContain('November 2026');
    expect(html.match(/data-date="/g)).toHaveLength(42);
    expect([...html.matchAll(/<th[^>]*>([^<]+)<\/th>/g)].map((m) => m[1])).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(html).toMatch(/data-date="2026-11-22"[^>]*data-block="past"[^>]*aria-disabled="true"/);
    expect(html).toMatch(/data-date="2026-11-26"[^>]*data-block="booked"/);
    expect(html).toMatch(/data-date="2026-11-24"(?![^>]*data-block)/);
    for (const legend of ['Booked', 'Selected', 'Past dates']) expect(text(html)).toContain(legend);
  });

  it('with a pickup chosen, asks for the return and shows the pickup in its summary', () => {
    const html = render(<RentalCalendar today={rules.today} booked={[]} value={{ pickupDate: '2026-11-30', returnDate: null }} onChange={() => undefined} />);
    expect(text(html)).toContain('Select return date');
    expect(text(html)).toContain('November 30, 2026');
    expect(html).toMatch(/data-date="2026-11-30"[^>]*data-selected="true"[^>]*aria-pressed="true"/);
  });
});
