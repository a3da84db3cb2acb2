import type { Translation } from '../../shared/i18n/catalog';
import type en from './booking.en';

export default {
  page: {
    title: 'Mag-book ng Sasakyan',
    description: 'Pumili ng sasakyan, piliin ang mga petsa sa calendar at mag-book sa loob ng ilang minuto. Puwedeng may driver o delivery; sa pick-up ka magbabayad, walang bayad online.',
    heading: 'I-book ang sasakyan mo',
    lead: 'Pumili ng sasakyan at mga petsa, tapos ipadala sa amin ang mga dokumento mo. Tatawagan ka namin para i-confirm, at sa pick-up ka magbabayad.',
    vehicles: 'Pumili ng sasakyan',
    formHeading: 'Ang booking mo',
    chosen: 'Napili',
  },
  noCar: 'Pumili muna ng sasakyan para ituloy ang booking',
  browse: 'Tingnan ang Mga Sasakyan',
  change: 'Palitan ang sasakyan',
  selectedCar: 'Ang sasakyan mo',
  deposit: 'Security deposit na {amount}: kukunin namin pag-pick-up (cash o hold sa card), at ibabalik namin pagsauli mo ng sasakyan.',
} satisfies Translation<typeof en>;
