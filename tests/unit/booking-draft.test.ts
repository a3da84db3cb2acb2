import { describe, expect, it } from 'vitest';
import {
  BLANK_VALUES,
  readRentalDraft,
  readRenterDraft,
  rentalDraftText,
  renterDraftText,
  type DraftableValues,
  type DraftDocuments,
} from '../../src/client/features/booking/bookingDraft';

const EMPTY: DraftableValues = BLANK_VALUES;

const FILLED: DraftableValues = {
  fullName: 'Maria Santos',
  email: 'maria@example.ph',
  phone: '0917 123 4567',
  license: 'N01-23-456789',
  facebookProfile: '',
  pickupDate: '2031-05-01',
  returnDate: '2031-05-04',
  pickupTime: '10:00 AM',
  driverService: 'within_pangasinan',
  distanceService: 'none',
  wantsDelivery: true,
  deliveryArea: 'bolinao',
  deliveryAddress: '12 Rizal Street, Bolinao',
};

const DOCUMENTS: DraftDocuments = {
  photoId1Url: { path: '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11', name: 'license.png' },
  proofOfBillingUrl: { path: '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a13', name: 'meralco bill.pdf' },
};

/** A stored draft as JSON, changed as someone editing the tab's storage by hand would. */
function edited(text: string | null, change: Record<string, unknown>): string {
  return JSON.stringify({ ...(JSON.parse(text!) as object), ...change });
}

describe('booking form draft', () => {
  it('reads back the renter’s details and uploaded documents (reference and file name) as they were kept', () => {
    expect(readRenterDraft(renterDraftText(FILLED, DOCUMENTS))).toEqual({
      version: 1,
      fullName: 'Maria Santos',
      email: 'maria@example.ph',
      phone: '0917 123 4567',
      license: 'N01-23-456789',
      facebookProfile: '',
      documents: DOCUMENTS,
    });
  });

  it('reads back a car’s dates, pick-up time, services and delivery as they were kept', () => {
    const rental = readRentalDraft(rentalDraftText(FILLED));
    expect(rental).toEqual({
      version: 1,
      pickupDate: '2031-05-01',
      returnDate: '2031-05-04',
      pickupTime: '10:00 AM',
      driverService: 'within_pangasinan',
      distanceService: 'none',
      wantsDelivery: true,
      deliveryArea: 'bolinao',
      deliveryAddress: '12 Rizal Street, Bolinao',
    });
  });

  it('keeps half-typed text as it is: the form checks it on submit', () => {
    expect(readRenterDraft(renterDraftText({ ...EMPTY, email: 'maria@' }, {}))?.email).toBe('maria@');
  });

  it('keeps nothing for a form still as it starts', () => {
    expect(renterDraftText(EMPTY, {})).toBeNull();
    expect(rentalDraftText(EMPTY)).toBeNull();
  });

  it('never keeps or reads back the accepted terms or a price', () => {
    const renter = renterDraftText({ ...FILLED, acceptTerms: true } as DraftableValues, DOCUMENTS);
    const rental = rentalDraftText({ ...FILLED, acceptTerms: true } as DraftableValues);
    expect(renter).not.toContain('acceptTerms');
    expect(rental).not.toContain('acceptTerms');
    const tampered = edited(rental, { acceptTerms: true, total: '1.00', subtotal: '1.00' });
    expect(readRentalDraft(tampered)).not.toHaveProperty('acceptTerms');
    expect(readRentalDraft(tampered)).not.toHaveProperty('total');
    expect(readRenterDraft(edited(renter, { acceptTerms: true }))).not.toHaveProperty('acceptTerms');
  });

  it('ignores a missing, empty or non-JSON stored value', () => {
    for (const text of [null, '', '{', 'undefined', '[object Object]', 'null', '42', '[]']) {
      expect(readRenterDraft(text)).toBeNull();
      expect(readRentalDraft(text)).toBeNull();
    }
  });

  it('ignores a hand-edited rental draft whole when any value is out of shape', () => {
    const text = rentalDraftText(FILLED);
    for (const change of [
      { driverService: 'free_driver' },
      { pickupDate: 'tomorrow' },
      { returnDate: '2031-02-30' },
      { pickupTime: '3:00 AM' },
      { deliveryArea: 'manila' },
      { wantsDelivery: 'yes' },
      { deliveryAddress: 'x'.repeat(5000) },
      { version: 2 },
      { pickupDate: undefined },
    ]) {
      expect(readRentalDraft(edited(text, change)), JSON.stringify(change)).toBeNull();
    }
  });

  it('ignores a hand-edited renter draft whole when a name, a document or its reference is out of shape', () => {
    const text = renterDraftText(FILLED, DOCUMENTS);
    for (const change of [
      { fullName: 42 },
      { email: null },
      { documents: { photoId1Url: { path: 'https://evil.example/id.png', name: 'id.png' } } },
      { documents: { photoId1Url: { path: '/objects/private/../../etc/passwd', name: 'id.png' } } },
      { documents: { photoId1Url: '/objects/private/0b5c3c3e-9a4f-4d1e-8a77-2f4f0c9d1a11' } },
      { documents: { photoId1Url: { path: DOCUMENTS.photoId1Url!.path, name: '' } } },
      { documents: { selfie: DOCUMENTS.photoId1Url } },
      { documents: [] },
      { version: 0 },
    ]) {
      expect(readRenterDraft(edited(text, change)), JSON.stringify(change)).toBeNull();
    }
  });
});
