/** The PCC car-care workshop page. */
export const workshop = {
  title: 'PCC Car Care Center',
  lead: 'The workshop that keeps our fleet in top shape is open to every car owner in Alaminos. Honest diagnosis, genuine parts and clear prices.',
  locationLabel: 'Location',
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
  facilities: [
    { src: '/images/workshop-1.svg', alt: 'Service bay with a car on a lift' },
    { src: '/images/workshop-2.svg', alt: 'Tool wall and work bench' },
    { src: '/images/workshop-3.svg', alt: 'Car wash bay' },
    { src: '/images/workshop-4.svg', alt: 'Customer waiting lounge' },
  ],
} as const;
