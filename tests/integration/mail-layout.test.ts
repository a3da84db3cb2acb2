import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BUSINESS } from '../../src/shared/business';
import { bookingConfirmedMail, bookingReceivedMail, documentRequestMail, garageBookingMail, garageEnquiryMail, paymentRecordedMail } from '../../src/server/mail/templates';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../e2e/support/env';
import { garageContext, mailBooking, mailContext, mailPayment } from '../utils/mailFixtures';

/** The e-mails' HTML as a phone shows it: Chromium at 390 px, the width of a common phone. */
const PHONE_WIDTH = 390;
const LONG_WORD = 'https://example.com/a-pasted-link/' + 'x'.repeat(120);

let browser: Browser;
let page: Page;

beforeAll(async () => {
  browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  page = await browser.newPage({ viewport: { width: PHONE_WIDTH, height: 800 } });
});

afterAll(async () => {
  await browser?.close();
});

async function show(html: string): Promise<void> {
  await page.setContent(html);
}

const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

/** The lines the table cell holding exactly `text` takes. */
const linesOf = (text: string) =>
  page.evaluate((wanted) => {
    const cell = [...document.querySelectorAll('td')].find((td) => td.textContent === wanted);
    if (!cell) throw new Error(`no cell ${wanted}`);
    const range = document.createRange();
    range.selectNodeContents(cell);
    return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
  }, text);

describe('e-mails on a phone', () => {
  it('an enquiry with a pasted link and a long address stays within the screen', async () => {
    const mail = garageEnquiryMail(
      { firstName: 'Jun', lastName: 'Reyes', email: `${'j'.repeat(60)}@example.com`, phone: '0917 000 1111', subject: 'General Inquiry', message: `Hello!\n\n${LONG_WORD}` },
      DEFAULT_BUSINESS,
      'garage@example.com',
    );
    await show(mail.html);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE_WIDTH);
  });

  it("a renter's long name, delivery address and staff's note stay within the screen", async () => {
    const booking = mailBooking({ customerName: `Pedro ${'Dimaculangan'.repeat(8)}`, deliveryAddress: LONG_WORD });
    for (const mail of [
      bookingConfirmedMail(booking, mailContext),
      garageBookingMail(booking, garageContext),
      documentRequestMail(booking, 'photoId1Url', LONG_WORD, mailContext),
    ]) {
      await show(mail.html);
      expect(await pageWidth(), mail.kind).toBeLessThanOrEqual(PHONE_WIDTH);
    }
  });

  it('amounts and references are never broken across lines beside a long label', async () => {
    await show(bookingConfirmedMail(mailBooking(), mailContext).html);
    expect(await pageWidth()).toBeLessThanOrEqual(PHONE_WIDTH);
    for (const value of ['₱3,000', '₱12,500', '₱5,400', 'HI-7XH8HT']) expect(await linesOf(value), value).toBe(1);
  });

  it('a pick-up time keeps its AM or PM on its line, at any width the date wraps at', async () => {
    await show(garageBookingMail(mailBooking(), garageContext).html);
    const split: number[] = [];
    for (let width = 320; width <= 700; width += 2) {
      await page.setViewportSize({ width, height: 800 });
      // The line each word is drawn on: the top of its box.
      const tops = await page.evaluate(() => {
        const text = [...document.querySelectorAll('td')].find((td) => td.textContent?.startsWith('December 08, 2026'))?.firstChild;
        if (!text?.textContent) throw new Error('no pick-up cell');
        const top = (word: string) => {
          const range = document.createRange();
          const start = text.textContent!.indexOf(word);
          range.setStart(text, start);
          range.setEnd(text, start + word.length);
          return Math.round(range.getBoundingClientRect().top);
        };
        return { time: top('10:00'), am: top('AM') };
      });
      if (tops.am !== tops.time) split.push(width);
    }
    await page.setViewportSize({ width: PHONE_WIDTH, height: 800 });
    expect(split).toEqual([]);
  });
});

describe('e-mails in a dark-mode mail client', () => {
  /**
   * Gmail drops the <body>'s styles, and a client in dark mode gives text without a colour of its
   * own its light default: the message as such a client draws it.
   */
  const asGmailInDarkMode = (html: string) => html.replace(/<body style="[^"]*"/, '<body').replace(/<html[^>]*>/, '$&<style>:root{color-scheme:dark}</style>');

  /** The text of the card (its white ground) in a colour too light to read on white. */
  const unreadableOnWhite = () =>
    page.evaluate(() => {
      const luminance = (color: string) => {
        const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      };
      return [...document.querySelectorAll('h1, h2, p, li, td, strong')]
        .filter((element) => !element.closest('a') && (element.textContent ?? '').trim() !== '')
        .filter((element) => luminance(getComputedStyle(element).color) > 0.6)
        .map((element) => element.textContent);
    });

  it('every renter and garage e-mail keeps dark text on its white card', async () => {
    const booking = mailBooking();
    for (const mail of [
      bookingReceivedMail(booking, mailContext),
      paymentRecordedMail(booking, mailPayment(), mailContext),
      garageBookingMail(booking, garageContext),
    ]) {
      await show(asGmailInDarkMode(mail.html));
      expect(await unreadableOnWhite(), mail.kind).toEqual([]);
    }
  });
});

describe("staff's words in an e-mail", () => {
  it("a note written on several lines keeps its lines in the HTML, as in the text part", async () => {
    const mail = documentRequestMail(mailBooking(), 'photoId1Url', 'The photo is blurry.\nPlease retake it in daylight.', mailContext);
    expect(mail.text).toContain('The photo is blurry.\nPlease retake it in daylight.');
    await show(mail.html);
    const paragraph = await page.evaluate(() => [...document.querySelectorAll('p')].find((p) => p.textContent?.includes('blurry'))?.innerText);
    expect(paragraph).toContain('The photo is blurry.\nPlease retake it in daylight.');
  });
});

describe("a renter's words in the garage's notice", () => {
  it('a delivery address written on several lines keeps its lines in the HTML, as in the text part', async () => {
    const mail = garageBookingMail(mailBooking({ deliveryAddress: '12 Rizal Street\nPoblacion, Bolinao' }), garageContext);
    expect(mail.text).toContain('12 Rizal Street\nPoblacion, Bolinao');
    await show(mail.html);
    const cell = await page.evaluate(() => [...document.querySelectorAll('td')].find((td) => td.textContent?.includes('Rizal'))?.innerText);
    expect(cell).toContain('12 Rizal Street\nPoblacion, Bolinao');
  });
});
