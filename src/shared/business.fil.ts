import type { Translation } from './i18n/catalog';
import type en from './business.en';

export default {
  openingHours: 'Lunes - Linggo, 8:00 AM - 6:00 PM',
} satisfies Translation<typeof en>;
