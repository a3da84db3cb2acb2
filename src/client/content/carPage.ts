import { formatPeso } from '../../shared/money';
import { DELIVERY_FEE, DRIVER_FEE_PER_DAY, INSURANCE_PER_RENTAL } from '../../shared/pricing';

/** A car's own page (/cars/<slug>). */
export const carPageCopy = {
  title: (name: string) => `${name} for Rent in Alaminos City`,
  description: (car: { name: string; seats: number; transmission: string; fuel: string; rate: string }) =>
    `Rent the ${car.name} in Alaminos City, Pangasinan: ${car.seats} seats, ${car.transmission.toLowerCase()}, ${car.fuel.toLowerCase()}. ${car.rate} a day, with or without a driver. Pay at pick-up, nothing online.`,
  breadcrumbs: 'Breadcrumb',
  home: 'Home',
  fleet: 'Our Fleet',
  gallery: (name: string) => `Pictures of the ${name}`,
  picture: (n: number, of: number) => `Picture ${n} of ${of}`,
  showPicture: (n: number, of: number) => `Show picture ${n} of ${of}`,
  book: 'Book This Car',
  bookDates: 'Book These Dates',
  unavailable: 'This car cannot be booked right now. Please choose another from our fleet, or call us.',
  otherCars: 'See other cars',
  withDriver: 'Available with or without a professional driver.',
  about: 'About this car',
  specs: 'Specifications',
  spec: {
    category: 'Type',
    seats: 'Seats',
    transmission: 'Transmission',
    fuel: 'Fuel',
    year: 'Year',
    odometer: 'Odometer',
  },
  deposit: 'Security deposit',
  depositAmount: (amount: string) => `${amount}, refundable`,
  depositNote: 'Collected at pick-up, in cash or as a card hold; returned when the car comes back as it left. Nothing is charged online.',
  included: 'Included with every rental',
  inclusions: [
    `Insurance cover for the whole rental (${formatPeso(INSURANCE_PER_RENTAL, 'centavos')} per rental, already in every total)`,
    `A professional driver on request, from ${formatPeso(DRIVER_FEE_PER_DAY.within_pangasinan, 'centavos')} a day within Pangasinan`,
    `Delivery to your address on request${DELIVERY_FEE.alaminos_city === 0 ? ', free within Alaminos City' : ''}`,
    'A clean car, inspected before and after every rental',
    'Free cancellation up to 24 hours before pick-up',
    'Nothing to pay online: you pay at pick-up',
  ],
  availability: 'Check availability',
  calendarTitle: 'Your dates',
  availabilityLead: 'Booked days are struck through. Choose your dates to see the price, then book them.',
  quote: (days: string) => `Your rental, ${days}`,
  quoteNote: 'Insurance included; a driver, distance and delivery can be added in the booking form.',
  chooseDates: 'Choose your dates on the calendar to see the price of your rental.',
  loadingCalendar: 'Loading the calendar…',
} as const;
