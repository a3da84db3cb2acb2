import type { Translation } from './i18n/catalog';
import type en from './labels.en';

export default {
  driverService: {
    none: { label: 'Self Drive lang', detail: 'Ikaw mismo ang magmamaneho.' },
    within_pangasinan: { label: 'May Driver - Sa loob ng Pangasinan', detail: '{rate} kada araw. Sagot ng renter ang pagkain at tutuluyan ng driver.' },
    outside_pangasinan: { label: 'May Driver - Labas ng Pangasinan', detail: '{rate} kada araw. Sagot ng renter ang pagkain at tutuluyan ng driver.' },
  },
  distanceService: {
    none: { label: 'Sa Pangasinan lang', detail: 'Walang dagdag na singil sa layo.' },
    outside_pangasinan_500: { label: 'Biyahe palabas ng Pangasinan', detail: '{rate} kada araw para sa biyahe sa labas ng probinsya.' },
    over_250km_800: { label: 'Biyaheng lampas 250 km', detail: '{rate} kada araw para sa malayuang biyahe na lampas 250 km.' },
  },
  deliveryArea: {
    alaminos_city: 'Sa loob ng Alaminos City',
    alaminos_outskirts: 'Alaminos (labas ng poblacion)',
    bolinao: 'Bolinao',
    mabini: 'Mabini',
    lingayen: 'Lingayen',
    calasiao: 'Calasiao',
    san_fabian: 'San Fabian',
  },
  document: {
    photoId1Url: 'Photo ID #1',
    photoId2Url: 'Photo ID #2',
    proofOfBillingUrl: 'Proof of Billing',
  },
  paymentMethod: {
    cash: 'Cash',
    gcash: 'GCash',
    maya: 'Maya',
    bank_transfer: 'Bank transfer',
    card: 'Card',
  },
  refund: 'Refund',
  refundAmount: '−{amount}',
  priceLine: {
    rental: 'Renta ng sasakyan',
    driver: 'Driver',
    distance: 'Singil sa layo',
    delivery: 'Delivery',
    insurance: 'Insurance',
    adjustment: 'Napagkasunduang adjustment sa presyo',
  },
  dayCount: '{days, plural, other {# araw}}',
  priceLinePerDay: '{label} ({days, plural, other {# araw}} × {perDay})',
  priceLineDelivery: '{label} ({area})',
  priceLineInsurance: '{label} (isang beses kada rental)',
  deposit: 'Security deposit, kukunin namin pag-pick-up (ibabalik, hindi kasama sa total)',
  importantInformation: [
    'Dalhin ang valid na driver’s license at ang kumpirmasyong ito.',
    'Iinspeksyunin ang sasakyan bago at pagkatapos ng rental.',
    'Isauli ang sasakyan na pareho ang lebel ng gasolina.',
    'Puwedeng may dagdag na singil kapag late ang balik.',
    'Kailangan ng abiso kahit 24 oras bago ang anumang pagbabago o pag-cancel.',
  ],
  driverMeals: 'Sagot ng renter ang pagkain at tutuluyan ng driver.',
  bringWhilePending: 'Dalhin ang valid na driver’s license at ang e-mail namin o ang booking reference mo.',
  importantWhenClosed: {
    cancelledOn: 'Na-cancel ang booking na ito noong {when}, kaya wala nang pick-up.',
    cancelled: 'Na-cancel ang booking na ito, kaya wala nang pick-up.',
    completed: 'Tapos na ang rental mo. Itago mo ang resibong ito para sa records mo.',
  },
} satisfies Translation<typeof en>;
