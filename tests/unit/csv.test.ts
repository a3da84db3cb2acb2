import { describe, expect, it } from 'vitest';
import { customersCsv, neutraliseFormula } from '../../src/server/services/customer.service';
import { CUSTOMER_CSV_COLUMNS } from '../../src/shared/schemas/customer.schema';
import { parseCsv } from '../utils/csv';

describe('CUSTOMER_CSV_COLUMNS', () => {
  it("lists the spec's export columns in order", () => {
    expect(CUSTOMER_CSV_COLUMNS).toEqual([
      'Name',
      'Email',
      'Phone',
      'License',
      'Total Bookings',
      'Total Spent',
      'Registration Date',
      'Booking History',
    ]);
  });
});

describe('neutraliseFormula (CSV injection)', () => {
  it.each([
    ['=cmd', "'=cmd"],
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+SUM(A1:A9)', "'+SUM(A1:A9)"],
    ['-2+3+cmd|\' /C calc\'!A0', "'-2+3+cmd|' /C calc'!A0"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['+1+1', "'+1+1"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
  ])('prefixes the formula-like cell %j with an apostrophe', (value, expected) => {
    expect(neutraliseFormula(value)).toBe(expected);
  });

  it.each(['+63 917 123 4567', '+639171234567', '0917-123-4567', '(075) 551 2345', 'Juan Dela Cruz', 'juan@example.ph', 'N/A', 'a=b', ''])(
    'leaves the harmless cell %j unchanged',
    (value) => {
      expect(neutraliseFormula(value)).toBe(value);
    },
  );

  it('leaves numbers unchanged, negative ones too', () => {
    expect(neutraliseFormula(3)).toBe(3);
    expect(neutraliseFormula(12500.5)).toBe(12500.5);
    expect(neutraliseFormula(-5)).toBe(-5);
  });
});

describe('customersCsv (the text of the export)', () => {
  it('quotes commas, doubles quotes and keeps newlines inside a quoted cell', () => {
    const csv = customersCsv([
      [...CUSTOMER_CSV_COLUMNS],
      ['Dela Cruz, Juan', 'juan@example.ph', '+63 917 123 4567', 'N/A', 2, '6500.00', 'March 05, 2026', 'Vios (2026-03-05 to 2026-03-07, "VIP")\nHiace'],
    ]);
    expect(csv).toBe(
      'Name,Email,Phone,License,Total Bookings,Total Spent,Registration Date,Booking History\n' +
        '"Dela Cruz, Juan",juan@example.ph,+63 917 123 4567,N/A,2,6500.00,"March 05, 2026","Vios (2026-03-05 to 2026-03-07, ""VIP"")\nHiace"\n',
    );
  });

  it('quotes a cell that holds a semicolon or a tab', () => {
    expect(customersCsv([['Vios (2026-03-05 to 2026-03-07); Hiace', 'a\tb', 'plain']])).toBe('"Vios (2026-03-05 to 2026-03-07); Hiace","a\tb",plain\n');
  });

  it('writes a neutralised formula as inert text', () => {
    expect(customersCsv([['=HYPERLINK("http://evil.example","x")', '=1+1']])).toBe(`"'=HYPERLINK(""http://evil.example"",""x"")",'=1+1\n`);
  });

  it.each([',', ';', '\t'])('read with %j as the separator, no cell starts a formula', (delimiter) => {
    const csv = customersCsv([['Maria;@SUM(A1)', 'Juan;=HYPERLINK("http://evil.example","x")', 'a\t@SUM(A1)', 'b,+cmd', 'Vios (2026-03-05 to 2026-03-07, confirmed, 3000.00); =2+5']]);
    const cells = parseCsv(csv, delimiter).flat();
    expect(cells.filter((cell) => /^[=+\-@]/.test(cell.trim()))).toEqual([]);
    if (delimiter === ',') expect(cells).toHaveLength(5);
  });
});
