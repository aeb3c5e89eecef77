import { aBooking } from '../test/builders';
import { csvCell, manifestCsv } from './manifest';

describe('manifest CSV', () => {
  it('quotes every cell and doubles quotes', () => {
    expect(csvCell('Say "cheese", please')).toBe('"Say ""cheese"", please"');
    expect(csvCell(3)).toBe('"3"');
    expect(csvCell(null)).toBe('""');
    expect(csvCell('line 1\nline 2')).toBe('"line 1\nline 2"');
  });

  it('defuses text a spreadsheet would run as a formula', () => {
    for (const evil of ['=HYPERLINK("http://x")', '+1+1', '-2+3', '@SUM(A1)', '\tx', '\rx']) expect(csvCell(evil).startsWith(`"'`)).toBe(true);
    expect(csvCell(-5)).toBe('"-5"');
    expect(csvCell('+1 (555) 010-0100')).toBe('"+1 (555) 010-0100"');
    expect(csvCell('+1 555 0100 =cmd')).toBe(`"'+1 555 0100 =cmd"`);
  });

  it("lists the workshop's live bookings, oldest first, with every participant detail", () => {
    const csv = manifestCsv(
      [
        aBooking({ id: 'late', customerName: 'Late', createdAt: '2026-03-01T00:00:00.000Z' }),
        aBooking({ id: 'early', customerName: 'Early', createdAt: '2026-01-01T00:00:00.000Z', status: 'held', paymentStatus: 'pending' }),
        aBooking({ id: 'gone', customerName: 'Expired', status: 'expired' }),
        aBooking({ id: 'cancelled', customerName: 'Cancelled', status: 'cancelled' }),
        aBooking({ id: 'elsewhere', customerName: 'Elsewhere', workshopId: 'alaska-bears-glaciers' }),
      ],
      'zion-canyon-light',
    );
    const lines = csv.trimEnd().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('"Emergency contact phone"');
    expect(lines[0].split(',')).toHaveLength(25);
    expect(lines[1]).toMatch(/^"early",/);
    expect(lines[2]).toMatch(/^"late",/);
    expect(lines[1]).toContain('"Asthma","Vegetarian","Astro photography","Ground floor room","Charles Babbage","+1 555 0101","charles@example.com"');
    expect(lines[2]).toContain('"7737.50","2321.25"');
  });
});
