import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { CarCard } from '../../src/client/features/fleet/CarCard';
import { RentalCalendar } from '../../src/client/features/booking/RentalCalendar';
import type { TCar } from '../../src/shared/schemas/car.schema';
import { theme } from '../../src/client/theme';

function render(node: ReactNode): string {
  return renderToStaticMarkup(
    <MemoryRouter>
      <MantineProvider theme={theme}>{node}</MantineProvider>
    </MemoryRouter>,
  );
}

function text(html: string): string {
  return html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');
}

const CAR: TCar = {
  id: '61768417-772f-40a6-9752-1a8604bf7dbd',
  slug: 'toyota-fortuner-2-8-q-4x4',
  name: 'Toyota Fortuner 2.8 Q 4x4',
  category: 'Premium SUV',
  dailyRate: '4500.00',
  deposit: '10000.00',
  seats: 7,
  transmission: 'Automatic',
  fuel: 'Diesel',
  image: 'fortuner.jpg',
  images: ['fortuner.jpg'],
  imageUrl: '/cars/fortuner.svg',
  imageUrls: ['/cars/fortuner.svg'],
  description: '',
  descriptionFil: '',
  mileage: '',
  year: 2024,
  plateNumber: 'NBC 1234',
  available: true,
};

describe('CarCard', () => {
  it.each([
    ['Premium SUV', 'Popular'],
    ['Adventure SUV', 'Available'],
    ['Compact Sedan', 'Economy'],
    ['Van', 'Available'],
  ] as const)('an available %s shows the %s badge and an enabled Select This Car button', (category, badge) => {
    const html = render(<CarCard car={{ ...CAR, category }} onSelect={() => undefined} />);
    expect(text(html)).toContain(` ${badge} `);
    expect(text(html)).toContain('Select This Car');
    expect(html).not.toMatch(/<button[^>]*disabled/);
    expect(text(html)).not.toContain('Currently Booked');
    expect(text(html)).toContain('₱4,500');
  });

  it('names the car as a link to its own page', () => {
    const html = render(<CarCard car={CAR} onSelect={() => undefined} />);
    expect(html).toMatch(/<a [^>]*href="\/cars\/toyota-fortuner-2-8-q-4x4"[^>]*>Toyota Fortuner 2\.8 Q 4x4<\/a>/);
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
  const day = (html: string, date: string) => new RegExp(`<button[^>]*data-date="${date}"[^>]*>`).exec(html)?.[0] ?? '';

  it('shows the month as six weeks from Sunday, with past and booked days marked and disabled', () => {
    const html = render(<RentalCalendar today={rules.today} booked={rules.booked} value={{ pickupDate: null, returnDate: null }} onChange={() => undefined} />);
    expect(text(html)).toContain('Select Rental Dates');
    expect(text(html)).toContain('Select pickup date');
    expect(text(html)).toContain('November 2026');
    expect(html.match(/data-date="/g)).toHaveLength(42);
    expect([...html.matchAll(/<th[^>]*>([^<]+)<\/th>/g)].map((m) => m[1])).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    expect(day(html, '2026-11-22')).toMatch(/disabled=""/);
    expect(day(html, '2026-11-22')).toMatch(/aria-label="Sunday, November 22, 2026 \(past\)"/);
    expect(day(html, '2026-11-26')).toMatch(/disabled=""/);
    expect(day(html, '2026-11-26')).toMatch(/data-block="booked"/);
    expect(day(html, '2026-11-23')).toMatch(/aria-label="Monday, November 23, 2026 \(today\)"/);
    expect(day(html, '2026-11-23')).toMatch(/data-garage-today="true"/);
    expect(html.match(/data-garage-today/g)).toHaveLength(1);
    expect(day(html, '2026-11-24')).not.toMatch(/disabled|data-block/);
    expect(html).toMatch(/aria-label="Previous month"[^>]*disabled=""/);
    for (const legend of ['Booked', 'Selected', 'Past dates']) expect(text(html)).toContain(legend);
  });

  it('with a pickup chosen, asks for the return, marks the days a return cannot be, and shows the pickup in its summary', () => {
    const html = render(<RentalCalendar today={rules.today} booked={rules.booked} value={{ pickupDate: '2026-11-24', returnDate: null }} onChange={() => undefined} />);
    expect(text(html)).toContain('Select return date');
    expect(text(html)).toContain('November 24, 2026');
    expect(day(html, '2026-11-24')).toMatch(/data-selected="true"/);
    expect(day(html, '2026-11-24')).toMatch(/aria-pressed="true"/);
    expect(day(html, '2026-11-25')).not.toMatch(/data-block/);
    expect(day(html, '2026-11-28')).toMatch(/data-block="overBooked"/);
    expect(day(html, '2026-11-28')).toMatch(/aria-label="Saturday, November 28, 2026 \(the rental would run over booked dates\)"/);
    expect(text(html)).toContain('Clear dates');
  });
});
