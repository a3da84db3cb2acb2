/** Trims and collapses inner whitespace, keeping case and accents (for display and storage). */
export function tidyName(name: string): string {
  return name.trim().replace(/\s+/g, ' ');
}

/**
 * An e-mail address as a key for counting what is sent to one mailbox: lower-cased, without a
 * `+tag` (sub-addressing, which most providers deliver to the untagged mailbox) and, at Gmail,
 * without the dots of its local part (which Gmail ignores).
 */
export function mailboxKey(email: string): string {
  const at = email.lastIndexOf('@');
  let local = email.slice(0, Math.max(at, 0)).toLowerCase().replace(/\+.*$/, '');
  let domain = email.slice(at + 1).toLowerCase();
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/**
 * A phone number as a key for counting a renter's bookings: its digits, with the Philippine
 * country code written as the trunk 0 (+63 917 123 4567 and 0917-123-4567 are one number).
 */
export function phoneKey(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return digits.startsWith('63') && digits.length === 12 ? `0${digits.slice(2)}` : digits;
}
