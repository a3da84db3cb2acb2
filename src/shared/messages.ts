import { messageTree } from './i18n/catalog';
import type en from './messages.en';

/**
 * Every message a person reads — the spec's notices and the server's errors — read in the current
 * language (the page's in the browser, the request's on the server). The text is in
 * messages.en.ts and messages.fil.ts; this module holds none, so a page downloads only its own
 * language. The dashboard's notices (`admin`) are English only, as the dashboard is.
 */
const adminMessages = {
  accessGranted: 'Access Granted',
  accessDenied: 'Access Denied',
  wrongPassword: 'Incorrect password. Please try again.',
  loggedOut: 'Logged Out',
  sessionExpired: 'Session Expired',
  exportComplete: 'Export Complete',
  /** /admin without JavaScript (a <noscript> on its page, which the browser renders). */
  noScript: {
    title: 'Staff Dashboard',
    text: 'The staff dashboard needs JavaScript. Turn JavaScript on in your browser’s settings, then reload this page.',
    home: 'Back to the home page',
  },
  errorTitle: 'Error',
  failed: {
    addCar: 'Failed to add car',
    updateCar: 'Failed to update car',
    deleteCar: 'Failed to delete car',
    addCustomer: 'Failed to add customer',
    updateCustomer: 'Failed to update customer',
    eraseCustomer: 'Failed to erase the customer’s personal data',
    updateStatus: 'Failed to update booking status',
    updatePayment: 'Failed to update payment',
    blockName: 'Failed to block name',
    unblockName: 'Failed to unblock name',
    requestDocument: 'Failed to request the document',
    changeDates: 'Failed to change the dates',
    correctEmail: 'Failed to correct the e-mail address',
    newBooking: 'Failed to add the booking',
    recordRefund: 'Failed to record the refund',
    voidPayment: 'Failed to void the entry',
    applyToCustomer: 'Failed to update the customer record',
    saveStaff: 'Failed to save the staff account',
    staffAction: 'Failed to change the staff account',
    changePassword: 'Failed to change the password',
    twoFactor: 'Failed to change two-step sign-in',
    signOut: 'Failed to sign out',
    setPassword: 'Failed to save the password',
  },
  success: {
    addCar: 'Car added successfully!',
    updateCar: 'Car updated successfully!',
    deleteCar: 'Car deleted successfully!',
    addCustomer: 'Customer added successfully!',
    updateCustomer: 'Customer updated successfully!',
    eraseCustomer: (bookingsKept: number) =>
      bookingsKept === 0 ? 'Customer removed: they had no bookings to keep' : `Personal data erased; ${bookingsKept} ${bookingsKept === 1 ? 'booking' : 'bookings'} kept for the accounts`,
    addCustomerWithBooking: (car: string) => `Customer and initial booking (${car}) added successfully!`,
    updateStatus: 'Booking status updated!',
    updatePayment: 'Payment updated successfully!',
    blockName: 'Name blocked successfully!',
    unblockName: 'Name unblocked successfully!',
    requestDocument: 'Document requested! The renter has been e-mailed.',
    changeDates: 'Dates changed!',
    correctEmail: 'E-mail address corrected: the booking was sent to it',
    newBooking: (reference: string) => `Booking ${reference} added`,
    recordRefund: 'Refund recorded! The renter has been e-mailed.',
    voidPayment: 'Entry voided. The renter has been e-mailed the correction.',
    applyToCustomer: 'Customer record updated!',
    addStaff: 'Staff member added',
    updateStaff: 'Staff member updated',
    resetStaff: 'Sign-in reset',
    disableStaff: 'Account disabled',
    enableStaff: 'Account enabled',
    changePassword: 'Password changed',
    otherSessionsEnded: (n: number) => (n === 0 ? 'You were not signed in anywhere else.' : `Signed out on ${n} other ${n === 1 ? 'device' : 'devices'}.`),
    twoFactorOn: 'Two-step sign-in is on',
    twoFactorOff: 'Two-step sign-in is off',
    recoveryCodes: 'New recovery codes made',
    sessionEnded: 'Signed out on that device',
    passwordSet: 'Password saved',
  },
} as const;

export const messages = messageTree<typeof en, { admin: typeof adminMessages }>('messages', { admin: adminMessages });
