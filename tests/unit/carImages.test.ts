import { describe, expect, it } from 'vitest';
import { BUNDLED_CAR_PICTURES, DEFAULT_CAR_PICTURE, carImageSrc } from '../../src/shared/carImages';
import { FLEET } from '../../src/server/db/seeders/fleet';

const UPLOADED = '/objects/public/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11';

describe('carImageSrc', () => {
  it('uses an uploaded /objects/ path as it is', () => {
    expect(carImageSrc(UPLOADED)).toBe(UPLOADED);
    expect(carImageSrc('/objects/private/anything')).toBe('/objects/private/anything');
  });

  it('has 17 distinct bundled pictures', () => {
    expect(BUNDLED_CAR_PICTURES).toHaveLength(17);
    expect(new Set(BUNDLED_CAR_PICTURES).size).toBe(17);
  });

  it.each(BUNDLED_CAR_PICTURES.map((name) => [name]))('maps the legacy name %s (with or without extension) to its bundled picture', (name) => {
    const expected = `/cars/${name}.svg`;
    expect(carImageSrc(name)).toBe(expected);
    expect(carImageSrc(`${name}.jpg`)).toBe(expected);
    expect(carImageSrc(`${name}.png`)).toBe(expected);
  });

  it.each([
    ['Vios.JPG', '/cars/vios.svg', 'upper case'],
    ['vios.jpeg', '/cars/vios.svg', '.jpeg'],
    ['hiace.webp', '/cars/hiace.svg', '.webp'],
    ['attached_assets/montero-sport.png', '/cars/montero-sport.svg', 'a folder'],
    ['/images/cars/land-cruiser.jpg', '/cars/land-cruiser.svg', 'an absolute folder'],
    ['  alphard.png  ', '/cars/alphard.svg', 'surrounding spaces'],
  ])('maps %j to %s (%s)', (image, expected) => {
    expect(carImageSrc(image)).toBe(expected);
  });

  it.each([
    ['lamborghini.jpg'],
    ['vios-old.jpg'],
    ['https://example.com/photo.jpg'],
    [''],
    [null],
    [undefined],
  ])('falls back to the default picture for %j', (image) => {
    expect(carImageSrc(image)).toBe(DEFAULT_CAR_PICTURE);
  });

  it('gives every seeded car one of the bundled pictures, never the default', () => {
    for (const car of FLEET) {
      expect(car.images, car.name).toHaveLength(1);
      const src = carImageSrc(car.images![0]);
      expect(src, car.name).not.toBe(DEFAULT_CAR_PICTURE);
      expect(src, car.name).toMatch(/^\/cars\/[a-z0-9-]+\.svg$/);
    }
  });
});
