import { expect, expectTextWhole, test } from './support';

/**
 * The renter's pages, in English and Filipino, light and dark, at a 320 px phone's width (or a
 * 375 px one's at a larger text size), a common phone's, a tablet's and laptops': no word is cut by
 * the box it is in or runs past the screen's side, no button or field is cut, and each field holds
 * its value and every choice whole (clippedText says where).
 */
const WIDTHS = [320, 390, 768, 1024, 1440];

for (const [language, prefix] of [
  ['English', ''],
  ['Filipino', '/fil'],
] as const) {
  test.describe(`in ${language}`, () => {
    test(`the home page shows its text whole at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      await expectTextWhole(page, `${prefix}/`, WIDTHS, { ready: (on) => expect(on.locator('#about')).toBeVisible() });
    });
  });
}
