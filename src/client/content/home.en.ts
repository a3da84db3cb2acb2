/** The home page's sections below the booking form, in English (Filipino: home.fil.ts). */
export default {
  categories: {
    title: 'Find the right car for the trip',
    see: 'See these cars',
    items: {
      'premium-sedans': { title: 'Premium Sedans', text: 'Comfortable executive sedans for business trips, weddings and airport runs.' },
      'suvs-trucks': { title: 'SUVs & Trucks', text: 'Seven-seat SUVs and 4x4 pickups for family trips, mountain roads and cargo.' },
      eco: { title: 'Eco-Friendly', text: 'Fuel-sipping compacts and hybrids that keep your travel budget low.' },
      vip: { title: 'VIP Fleet', text: 'Land Cruiser and Alphard for VIP guests and special occasions, best with a driver.' },
    },
  },

  why: {
    title: 'Why renters choose us',
    items: {
      insured: { title: 'Fully Insured', text: 'Every rental includes insurance cover, so you drive with peace of mind.' },
      // The garage's own hours (site info), not a promise of round-the-clock help it does not give.
      support: { title: 'Support Every Day', text: 'Call or message us {hours}: a real person at the garage answers and helps.' },
      fleet: { title: 'Premium Fleet', text: 'Recent models, cleaned and inspected before every single rental.' },
      rates: { title: 'Best Rates', text: 'Clear daily rates with no hidden charges. You pay at pick-up, nothing online.' },
    },
  },

  about: {
    title: 'About us',
    text: [
      'We are a family-run rental garage in Alaminos City, the gateway to the Hundred Islands. What started with two sedans is now a fleet of more than twenty cars, MPVs, SUVs, pickups and vans.',
      'Locals, balikbayan families and visitors book with us for island-hopping weekends, weddings, business trips and long drives to Baguio and Manila. Every car is cleaned and checked before it leaves the garage, and our drivers know the province by heart.',
    ],
    stats: [
      { value: '5+', label: 'Years of service' },
      { value: '2,000+', label: 'Happy customers' },
      { value: '20+', label: 'Vehicles' },
      { value: '4.9', label: 'Customer rating' },
    ],
  },

  contact: {
    title: 'Contact us',
    lead: 'Questions about a car, a trip or a corporate account? Call, e-mail or send us a message.',
    phone: 'Phone',
    email: 'E-mail',
    address: 'Address',
    hours: 'Opening hours',
    maps: 'Open in Google Maps',
    form: {
      title: 'Send us a message',
      firstName: 'First name',
      lastName: 'Last name',
      email: 'E-mail',
      phone: 'Phone (optional)',
      subject: 'Subject (optional)',
      subjectPlaceholder: 'Choose a subject',
      message: 'Message',
      required: 'Fields marked with * are required.',
      send: 'Send Message',
      sending: 'Sending...',
    },
    /** The subjects as the form lists them (the value sent is the English one). */
    subjects: {
      'General Inquiry': 'General Inquiry',
      'Booking Question': 'Booking Question',
      'Fleet Information': 'Fleet Information',
      'Corporate Rentals': 'Corporate Rentals',
      'VIP Booking': 'VIP Booking',
      'All Package Booking': 'All Package Booking',
      Support: 'Support',
    },
    notes: {
      'VIP Booking': 'VIP bookings include a professional driver in formal attire, a premium vehicle and flexible pick-up anywhere in Pangasinan. Tell us the date, the route and the number of guests.',
      'All Package Booking': 'All-package bookings cover the car, a driver, fuel and toll fees for a fixed price. Tell us your itinerary and we will send a quotation.',
    },
  },
} as const;
