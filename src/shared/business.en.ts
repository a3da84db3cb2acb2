/** The garage's own words that every page and e-mail may show, in English (Filipino: business.fil.ts). */
export default {
  openingHours: 'Monday - Sunday, 8:00 AM - 6:00 PM',
};
