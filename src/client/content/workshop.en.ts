/** The PCC car-care workshop page, /pcc (Filipino: workshop.fil.ts). */
export default {
  title: 'PCC Car Care Center',
  description: 'PCC Car Care Center in Alaminos City: maintenance, diagnostics, aircon, underchassis and tyres, car wash and detailing.',
  lead: 'The workshop that keeps our fleet in top shape is open to every car owner in Alaminos. Honest diagnosis, genuine parts and clear prices.',
  locationLabel: 'Location',
  location: 'Beside the garage, 128 Marcos Avenue, Alaminos City, Pangasinan',
  phoneLabel: 'Phone',
  emailLabel: 'E-mail',
  hoursLabel: 'Opening hours',
  call: 'Call the workshop',
  email: 'E-mail the workshop',
  servicesTitle: 'What we do',
  facilitiesTitle: 'Our facilities',
  services: [
    { title: 'Preventive maintenance', text: 'Oil and filter change, fluids, belts, brakes and a 40-point check at every service interval.' },
    { title: 'Engine and electrical diagnostics', text: 'Computer diagnosis of warning lights, starting and charging problems, with a written estimate before any work.' },
    { title: 'Aircon service', text: 'Cleaning, leak test and refrigerant recharge so your cabin stays cool in the Pangasinan heat.' },
    { title: 'Underchassis and tyres', text: 'Suspension, steering, alignment, balancing and tyre replacement for city and provincial roads.' },
    { title: 'Car wash and detailing', text: 'Foam wash, interior vacuum, engine wash, wax and full detailing, while you wait in the lounge.' },
  ],
  /** The pictures' descriptions, in the order of WORKSHOP_PHOTOS (src/client/content/workshop.ts). */
  facilities: ['Service bay with a car on a lift', 'Tool wall and work bench', 'Car wash bay', 'Customer waiting lounge'],
} as const;
