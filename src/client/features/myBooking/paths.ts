/** The renter's pages: "Find my booking", and the page the e-mails' "Manage your booking" link opens. */
export const FIND_BOOKING_PATH = '/find-booking';
export const MY_BOOKING_PATH = '/my-booking';
