/** The booking page's and the chosen car's copy (the form's and the receipt's: bookingForm.en.ts). */
export default {
  page: {
    title: 'Book a Car',
    description: 'Choose a car, pick your dates on the calendar and book in minutes. Add a driver or delivery; you pay at pick-up, nothing online.',
    heading: 'Book your car',
    lead: 'Choose a car, pick your dates and send us your documents. We call you to confirm, and you pay at pick-up.',
    vehicles: 'Choose a vehicle',
    /** The form column's heading, for screen readers: the chosen car and its form, or the prompt to choose one. */
    formHeading: 'Your booking',
    chosen: 'Selected',
  },
  noCar: 'Please select a car to continue with booking',
  browse: 'Browse Our Fleet',
  change: 'Change car',
  selectedCar: 'Your car',
  deposit: 'Security deposit {amount}, collected at pick-up (cash or card hold) and refunded on return.',
} as const;
