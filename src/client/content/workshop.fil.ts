import type { Translation } from '../../shared/i18n/catalog';
import type en from './workshop.en';

export default {
  title: 'PCC Car Care Center',
  description: 'PCC Car Care Center sa Alaminos City: maintenance, diagnostics, aircon, underchassis at gulong, car wash at detailing.',
  lead: 'Bukas sa lahat ng may-ari ng sasakyan sa Alaminos ang talyer na nag-aalaga sa mga sasakyan namin. Tapat na diagnosis, orihinal na piyesa at malinaw na presyo.',
  locationLabel: 'Lokasyon',
  location: 'Katabi ng garahe, 128 Marcos Avenue, Alaminos City, Pangasinan',
  phoneLabel: 'Telepono',
  emailLabel: 'E-mail',
  hoursLabel: 'Oras ng bukas',
  call: 'Tawagan ang talyer',
  email: 'Mag-e-mail sa talyer',
  servicesTitle: 'Ang mga serbisyo namin',
  facilitiesTitle: 'Ang pasilidad namin',
  services: [
    { title: 'Preventive maintenance', text: 'Change oil at filter, fluids, belts, preno at 40-point check sa bawat service interval.' },
    { title: 'Diagnostics ng makina at kuryente', text: 'Computer diagnosis ng warning lights, problema sa pag-start at pag-charge, may nakasulat na estimate bago ang anumang trabaho.' },
    { title: 'Aircon service', text: 'Paglilinis, leak test at recharge ng freon para manatiling malamig ang loob ng sasakyan sa init ng Pangasinan.' },
    { title: 'Underchassis at gulong', text: 'Suspension, steering, alignment, balancing at pagpapalit ng gulong para sa kalsada sa lungsod at probinsya.' },
    { title: 'Car wash at detailing', text: 'Foam wash, vacuum sa loob, engine wash, wax at full detailing, habang naghihintay ka sa lounge.' },
  ],
  facilities: ['Service bay na may sasakyan sa lift', 'Pader ng gamit at work bench', 'Car wash bay', 'Lounge para sa naghihintay na customer'],
} satisfies Translation<typeof en>;
