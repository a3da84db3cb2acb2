import type { Translation } from '../../shared/i18n/catalog';
import type en from './home.en';

export default {
  categories: {
    title: 'Hanapin ang tamang sasakyan para sa lakad mo',
    see: 'Tingnan ang mga ito',
    items: {
      'premium-sedans': { title: 'Premium Sedan', text: 'Komportableng executive sedan para sa business trip, kasal at hatid-sundo sa airport.' },
      'suvs-trucks': { title: 'SUV at Pickup', text: 'Seven-seater na SUV at 4x4 na pickup para sa family trip, daang-bundok at kargamento.' },
      eco: { title: 'Tipid sa Gas', text: 'Compact at hybrid na tipid sa gasolina, para hindi mabutas ang budget sa biyahe.' },
      vip: { title: 'VIP Fleet', text: 'Land Cruiser at Alphard para sa VIP na bisita at espesyal na okasyon, mas maganda kung may driver.' },
    },
  },

  why: {
    title: 'Bakit kami ang pinipili ng mga renter',
    items: {
      insured: { title: 'May Insurance', text: 'May insurance ang bawat rental, kaya panatag ka habang nagmamaneho.' },
      support: { title: 'May Sumasagot Araw-araw', text: 'Tumawag o mag-message sa amin {hours}: totoong tao sa garahe ang sasagot at tutulong.' },
      fleet: { title: 'Premium na Sasakyan', text: 'Bagong mga modelo, nililinis at sinusuri bago ang bawat rental.' },
      rates: { title: 'Sulit na Presyo', text: 'Malinaw ang daily rate at walang tagong singil. Sa pick-up ka magbabayad, walang bayad online.' },
    },
  },

  about: {
    title: 'Tungkol sa amin',
    text: [
      'Isa kaming family-run na rental garage sa Alaminos City, ang daan papuntang Hundred Islands. Nagsimula kami sa dalawang sedan; ngayon, mahigit dalawampung kotse, MPV, SUV, pickup at van na ang fleet namin.',
      'Nagbu-book sa amin ang mga taga-rito, mga pamilyang balikbayan at mga bisita para sa island hopping tuwing weekend, kasal, business trip at mahahabang biyahe papuntang Baguio at Manila. Nililinis at sinusuri ang bawat sasakyan bago umalis ng garahe, at kabisado ng mga driver namin ang probinsya.',
    ],
    stats: [
      { value: '5+', label: 'Taon ng serbisyo' },
      { value: '2,000+', label: 'Masayang customer' },
      { value: '20+', label: 'Sasakyan' },
      { value: '4.9', label: 'Rating ng customer' },
    ],
  },

  contact: {
    title: 'Kontakin kami',
    lead: 'May tanong tungkol sa sasakyan, biyahe o corporate account? Tumawag, mag-e-mail o mag-message sa amin.',
    phone: 'Telepono',
    email: 'E-mail',
    address: 'Lokasyon',
    hours: 'Oras ng bukas',
    maps: 'Buksan sa Google Maps',
    form: {
      title: 'Mag-message sa amin',
      firstName: 'Pangalan',
      lastName: 'Apelyido',
      email: 'E-mail',
      phone: 'Telepono (puwedeng wala)',
      subject: 'Paksa (puwedeng wala)',
      subjectPlaceholder: 'Pumili ng paksa',
      message: 'Mensahe',
      required: 'Kailangang sagutan ang may *.',
      send: 'Ipadala',
      sending: 'Ipinapadala...',
    },
    subjects: {
      'General Inquiry': 'Pangkalahatang tanong',
      'Booking Question': 'Tanong tungkol sa booking',
      'Fleet Information': 'Tungkol sa mga sasakyan',
      'Corporate Rentals': 'Renta para sa kumpanya',
      'VIP Booking': 'VIP na booking',
      'All Package Booking': 'All-package na booking',
      Support: 'Tulong',
    },
    notes: {
      'VIP Booking': 'Kasama sa VIP booking ang professional driver na naka-formal, premium na sasakyan at pick-up kahit saan sa Pangasinan. Sabihin sa amin ang petsa, ruta at dami ng bisita.',
      'All Package Booking': 'Sa all-package booking, kasama na ang sasakyan, driver, gasolina at toll sa isang fixed na presyo. Ipadala ang itinerary mo at padadalhan ka namin ng quotation.',
    },
  },
} satisfies Translation<typeof en>;
