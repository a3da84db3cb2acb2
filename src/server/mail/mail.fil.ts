import type { Translation } from '../../shared/i18n/catalog';
import type en from './mail.en';

export default {
  greeting: 'Hi {name},',
  greetingUnproven: 'Magandang araw,',
  facts: {
    reference: 'Booking reference',
    vehicle: 'Sasakyan',
    vehicleValue: '{car} ({category})',
    pickup: 'Pick-up',
    return: 'Pagsauli',
    dateTime: '{date}, {time}',
    duration: 'Tagal',
    driver: 'Driver service',
    distance: 'Distance service',
    delivery: 'Delivery',
    deliveryValue: '{area} — {address}',
    deliveryUnproven: '{area} (nasa page ng booking mo ang address)',
  },
  total: 'Kabuuang halaga',
  headings: {
    booking: 'Ang booking mo',
    pricing: 'Buod ng presyo',
    important: 'Mahalagang impormasyon',
  },
  actions: {
    manage: 'Tingnan ang booking mo',
    see: 'Tingnan ang booking mo',
    upload: 'I-upload ang dokumento',
  },
  received: {
    subject: 'Natanggap ang booking: {what} ({reference})',
    lead: 'Salamat sa pag-book sa {business}. Natanggap namin ang booking mo at tatawagan ka namin para kumpirmahin ito. Wala pang sinisingil: sa pick-up ka magbabayad.',
    hold: 'Pakibuksan ang “{action}” sa ibaba para kumpirmahing sa iyo ang booking na ito. Kung walang kumpirmasyon mula sa iyo o sa amin hanggang {deadline}, made-cancel ito at mabubuksan ulit ang mga petsa ng sasakyan.',
  },
  confirmed: {
    subject: 'Kumpirmado ang booking: {what} ({reference})',
    lead: 'Magandang balita: kumpirmado na ang booking mo. Nakahanda na ang {car} para sa iyo sa {date}, {time}.',
  },
  datesChanged: {
    subject: 'Bagong petsa: {what} ({reference})',
    lead: 'Ang booking mo ay mula {pickup} ({time} ang pick-up) hanggang {return} na. Nasa ibaba ang resibo mo na may bagong petsa at presyo.',
  },
  cancelled: {
    subject: 'Na-cancel ang booking: {what} ({reference})',
    renter: 'Gaya ng hiniling mo, na-cancel na ang booking mo. Wala ka nang babayaran para dito.',
    staff: 'Na-cancel ng aming staff ang booking mo. Kung hindi mo ito inaasahan, tawagan mo kami.',
    hold: 'Hindi nakumpirma sa oras ang booking mo kaya na-cancel ito at nabuksan ulit ang mga petsa ng sasakyan. Puwede kang mag-book ulit anumang oras.',
  },
  payment: {
    subject: 'Natanggap ang bayad: {amount} para sa {reference}',
    lead: 'Naitala na namin ang bayad mo na {amount}. Salamat!',
    title: 'Bayad',
    amount: 'Halaga',
    method: 'Paraan',
    paid: 'Nabayaran na',
    balance: 'Natitirang balanse',
  },
  refund: {
    subject: 'Refund: {amount} para sa {reference}',
    lead: 'Naibalik na namin ang {amount} mula sa ibinayad mo para sa booking na ito.',
    title: 'Refund',
    amount: 'Halaga',
    method: 'Paraan',
    paid: 'Nabayaran, matapos ang refund',
    balance: 'Natitirang balanse',
  },
  voided: {
    subject: 'Pagtatama: {amount} para sa {reference}',
    payment: 'Nagkamali kami sa pagtala ng bayad na {amount} noong {date}, kaya inalis na namin ito sa booking mo. Ang sabi namin: {reason}',
    refund: 'Nagkamali kami sa pagtala ng refund na {amount} noong {date}, kaya inalis na namin ito sa booking mo. Ang sabi namin: {reason}',
    title: 'Ang booking mo ngayon',
    paid: 'Nabayaran na',
    balance: 'Natitirang balanse',
  },
  reminder: {
    subject: 'Bukas na: {what}, {time} ({reference})',
    lead: 'Paalala: bukas, {date}, {time}, ang pick-up mo ng {car}.',
    bring: 'Dalhin ang driver’s license mo at ang booking reference na ito. Ang balanse na {balance} ay babayaran sa pick-up.',
  },
  documentRequest: {
    subject: 'Pakipadala ng bagong {document} para sa {reference}',
    lead: 'Kailangan namin ng bagong {document} para sa booking mo. Ang sabi ng staff: {note}',
    where: 'Puwede mo itong i-upload sa page ng booking mo.',
  },
  link: {
    subject: 'Ang booking mo {reference}: {what}',
    lead: 'Hiningi mo ang link ng booking mo. Heto na.',
    ignore: 'Kung hindi ikaw ang humingi nito, huwag mo nang pansinin ang e-mail na ito.',
  },
} satisfies Translation<typeof en>;
