/** Terms of Service and Privacy Policy, written for this garage (spec point 9, decisions §4 and §6), in English (Filipino: legal.fil.ts). */
export default {
  updated: 'Last updated {date}',
  phone: 'Phone',
  email: 'e-mail',
  terms: {
    description: 'Rental terms: who can rent, documents, deposit, prices, pick-up and return, cancellations and insurance.',
    title: 'Terms of Service',
    intro:
      'These terms apply to every rental booked through this website, by phone or at our garage. By booking a vehicle you agree to them. Please read them before you book; call us if anything is unclear.',
    sections: [
      {
        title: '1. Who can rent',
        items: [
          'You must be at least 21 years old and have held a valid driver’s license for at least 1 year.',
          'Bring the license you named in your booking and a valid government ID at pick-up. Foreign licenses are accepted for up to 90 days after arrival in the Philippines.',
          'Only the renter, or a driver provided by us, may drive the vehicle.',
        ],
      },
      {
        title: '2. Bookings and documents',
        items: [
          'A booking is a request until we confirm it by phone or e-mail. We hold the dates for you while it is pending, provided you open the link in our e-mail within the time it gives (usually 24 hours); otherwise the booking is cancelled and the dates are released.',
          'Every booking needs two photo IDs and a proof of billing, uploaded with the booking form. We use them only to verify your identity (see the Privacy Policy).',
          'Nothing is paid online. The rental, the services you chose and the insurance are paid at pick-up, in cash, GCash, Maya, bank transfer or card.',
        ],
      },
      {
        title: '3. Security deposit',
        paragraphs: [
          'A refundable security deposit of {deposit} is collected at pick-up, in cash or as a card hold; nothing is charged online. Where a vehicle’s deposit differs, the booking form shows its amount before you book. It is returned when the vehicle comes back on time, with the same fuel level and without new damage; deductions are itemised.',
        ],
      },
      {
        title: '4. Prices and services',
        items: [
          'The daily rate is charged for each day between pick-up and return.',
          'Driver service: {driverWithin} per day within Pangasinan, {driverOutside} per day outside Pangasinan. The renter provides the driver’s meals and accommodation.',
          'Distance service: {distanceOutside} per day for trips outside Pangasinan, {distanceFar} per day for trips over 250 km.',
          'Insurance: {insurance} per rental period, included in every booking.',
          'Delivery and return at your address: free within Alaminos City; {deliveryFees}.',
        ],
      },
      {
        title: '5. Pick-up, return and late return',
        items: [
          'Pick-up is between 9:00 AM and 5:00 PM at the time you chose; the return is due at the same time of day on the return date.',
          'The vehicle is inspected with you before and after the rental.',
          'Return the vehicle with the same fuel level. Missing fuel is charged at the pump price plus a refuelling fee of ₱300.',
          'Late returns may be charged: up to 3 hours at ₱300 per hour, after that a full extra day.',
        ],
      },
      {
        title: '6. Cancellations and changes',
        items: [
          'Changes and cancellations need at least 24 hours notice before pick-up.',
          'Cancelling 24 hours or more before pick-up is free.',
          'Cancelling within 24 hours of pick-up: 50% of any amount already paid is refunded.',
          'No-shows are not refunded.',
        ],
      },
      {
        title: '7. On the road',
        items: [
          'Obey Philippine traffic law. The speed limit for our vehicles is 105 km/h, also where the road allows more.',
          'No smoking, no pets without our consent, no racing, towing or off-road driving outside marked roads, and no carrying of goods for hire.',
          'The vehicle may not leave Luzon without our written consent.',
          'Traffic and parking fines, tolls and fuel during the rental are the renter’s.',
        ],
      },
      {
        title: '8. Accidents, damage and breakdowns',
        items: [
          'Call us at once after any accident, damage, theft or breakdown, and get a police report for accidents and theft.',
          'The insurance covers damage to the vehicle above the participation fee stated at pick-up, except damage caused by driving under the influence, by breaking these terms, or by an unlisted driver.',
          'Do not have the vehicle repaired without our consent. We replace a vehicle that breaks down through no fault of the renter when one is available.',
        ],
      },
      {
        title: '9. Refusal of service',
        paragraphs: [
          'We may refuse or cancel a booking when the documents cannot be verified, when the renter has broken these terms before, or when the vehicle becomes unavailable for reasons beyond our control; in that case everything paid is refunded in full.',
        ],
      },
      {
        title: '10. Contact and governing law',
        paragraphs: [
          'These terms are governed by the laws of the Republic of the Philippines. Questions and complaints: call or e-mail us using the details at the foot of this page; we answer within one business day.',
        ],
      },
    ],
  },
  privacy: {
    description: 'What personal data we keep, why, for how long, and your rights under the Data Privacy Act of 2012.',
    title: 'Privacy Policy',
    intro:
      'We collect only what we need to rent you a car safely, keep it protected, and never sell it. This policy explains what we keep, why, for how long, and your rights under the Data Privacy Act of 2012 (Republic Act No. 10173).',
    sections: [
      {
        title: '1. What we collect',
        items: [
          'Booking details: your name, e-mail, phone number, driver’s license number, optional Facebook profile, the dates, services and delivery address you chose.',
          'Identity documents: two photo IDs and one proof of billing that you upload with a booking.',
          'Messages you send us through the contact form.',
          'Payment records kept by our staff: amounts, methods and dates. We never receive card numbers online.',
          'Technical data needed to run the site securely: your IP address in server logs and a sign-in cookie for staff only. We use no advertising or tracking cookies.',
        ],
      },
      {
        title: '2. Why we use it',
        items: [
          'To confirm and manage your booking, and to contact you about it.',
          'To verify your identity and driving eligibility before handing over a vehicle, and to protect our fleet against fraud and theft.',
          'To keep accounting records that the law requires.',
          'To answer your enquiries.',
        ],
      },
      {
        title: '3. Who can see it',
        paragraphs: [
          'Only our staff, after signing in, can see your documents. Files are stored privately and are never shown publicly. We share data only with our hosting and e-mail providers, who process it on our behalf, and with authorities when the law requires it (for example after an accident or theft).',
        ],
      },
      {
        title: '4. How long we keep it',
        items: [
          'Identity documents are deleted automatically one year after your last rental ends.',
          'Booking and payment records are kept for about 7 years, as Philippine tax and accounting rules require.',
          'Contact messages are kept for up to 2 years.',
          'The log of what our staff changed in bookings and records is kept for about 7 years, as long as the records themselves.',
        ],
      },
      {
        title: '5. Your rights',
        paragraphs: ['Under the Data Privacy Act of 2012 you have the right to:'],
        items: [
          'be informed about how your personal data is processed;',
          'access the personal data we hold about you and get a copy;',
          'have inaccurate or incomplete data corrected;',
          'object to processing, and have your data erased or blocked when it is no longer needed or was unlawfully processed;',
          'data portability, in a commonly used electronic format;',
          'file a complaint with the National Privacy Commission (privacy.gov.ph).',
        ],
      },
      {
        title: '6. How to exercise your rights',
        paragraphs: [
          'E-mail or call us using the details below, say which right you want to exercise and how we can reach you. We will verify that the request comes from you and answer within 15 days. Records the law obliges us to keep (such as bookings and payments) are kept until that duty ends, but we will tell you what we keep and why. When we erase your data, those records stay without your name, contact details or documents.',
        ],
      },
      {
        title: '7. Security',
        paragraphs: [
          'The site is served over an encrypted connection; documents are stored privately and can be opened only by signed-in staff; staff passwords are stored as strong one-way hashes; every change staff make is logged.',
        ],
      },
    ],
  },
} as const;
