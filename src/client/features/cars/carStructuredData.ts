import type { TBusinessInfo } from '../../../shared/business';
import { carImageSrc } from '../../../shared/carImages';
import { carHref } from '../../../shared/carLinks';
import { odometerKilometres } from '../../../shared/cars';
import type { TCar } from '../../../shared/schemas/car.schema';

/**
 * A car as schema.org describes one (https://schema.org/Car, a Product): its pictures, seats,
 * transmission, fuel, model year and odometer, and the garage's offer to rent it by the day in
 * Philippine pesos. Addresses are absolute (`origin`).
 */
export function carStructuredData(car: TCar, origin: string, business: TBusinessInfo, description: string): Record<string, unknown> {
  const url = `${origin}${carHref(car)}`;
  const kilometres = odometerKilometres(car.mileage);
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name: car.name,
    description,
    url,
    image: (car.images.length ? car.images : [car.image]).map((image) => `${origin}${carImageSrc(image)}`),
    category: car.category,
    vehicleSeatingCapacity: car.seats,
    vehicleTransmission: car.transmission,
    fuelType: car.fuel,
    vehicleModelDate: String(car.year),
    ...(kilometres !== null ? { mileageFromOdometer: { '@type': 'QuantitativeValue', value: kilometres, unitCode: 'KMT' } } : {}),
    offers: {
      '@type': 'Offer',
      url,
      price: car.dailyRate,
      priceCurrency: 'PHP',
      priceSpecification: {
        '@type': 'UnitPriceSpecification',
        price: car.dailyRate,
        priceCurrency: 'PHP',
        unitCode: 'DAY',
        referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'DAY' },
      },
      availability: car.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      businessFunction: 'http://purl.org/goodrelations/v1#LeaseOut',
      seller: {
        '@type': 'AutoRental',
        name: business.name,
        telephone: business.phonePrimary,
        email: business.email,
        address: { '@type': 'PostalAddress', streetAddress: business.addressLine1, addressLocality: business.addressLine2, addressCountry: 'PH' },
      },
    },
  };
}
