import { describe, expect, it } from 'vitest';
import { carDescription } from '../../src/shared/cars';

describe('carDescription', () => {
  const car = { description: 'Seven seats and a strong diesel.', descriptionFil: 'Pitong upuan at malakas na diesel.' };

  it('is the Filipino description on the Filipino pages, the English one on the English pages', () => {
    expect(carDescription(car, 'fil')).toBe('Pitong upuan at malakas na diesel.');
    expect(carDescription(car, 'en')).toBe('Seven seats and a strong diesel.');
  });

  it('falls back to the English one where staff wrote no Filipino one', () => {
    expect(carDescription({ ...car, descriptionFil: '' }, 'fil')).toBe('Seven seats and a strong diesel.');
    expect(carDescription({ ...car, descriptionFil: '  \n ' }, 'fil')).toBe('Seven seats and a strong diesel.');
  });
});
