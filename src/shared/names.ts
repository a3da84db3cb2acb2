/** Trims and collapses inner whitespace, keeping case and accents (for display and storage). */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * A phone number as a key for counting a renter's bookings: its digits, with the Philippine
 * country code written as the trunk 0 (+63 917 123 4567 and 0917-123-4567 are one number).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('63') && digits.length === 12 ? `0${digits.slice(2)}` : digits;
}
