/**
 * Car pictures: an uploaded image is a path under /objects/ and is used as is; a legacy file name
 * maps to one of the bundled pictures in public/cars; anything else gets the default picture.
 */
export const BUNDLED_CAR_PICTURES = [
  'vios',
  'city',
  'mirage-g4',
  'wigo',
  'corolla-altis',
  'camry',
  'innova',
  'xpander',
  'avanza',
  'fortuner',
  'montero-sport',
  'terra',
  'hilux',
  'ranger',
  'hiace',
  'land-cruiser',
  'alphard',
] as const;
export type BundledCarPicture = (typeof BUNDLED_CAR_PICTURES)[number];

export const DEFAULT_CAR_PICTURE = '/cars/default.svg';

const bundled = new Set<string>(BUNDLED_CAR_PICTURES);

export function carImageSrc(image: string | null | undefined): string {
  if (!image) return DEFAULT_CAR_PICTURE;
  if (image.startsWith('/objects/')) return image;
  const base = image
    .trim()
    .toLowerCase()
    .replace(/^.*\//, '')
    .replace(/\.(jpe?g|png|webp|svg|gif)$/, '');
  return bundled.has(base) ? `/cars/${base}.svg` : DEFAULT_CAR_PICTURE;
}
