import { describe, expect, it } from 'vitest';
import { csvCell, csvDateTime, toCsv } from './csv';

describe('CSV as the portal writes it', () => {
  it.each([
    ['plain text', 'Eastbrook PoP', 'Eastbrook PoP'],
    ['a number', 42, '42'],
    ['nothing', null, ''],
    ['a comma', 'Optic, 10 km', '"Optic, 10 km"'],
    ['a quote', 'The "spare" one', '"The ""spare"" one"'],
    ['a line break', 'line\nbreak', '"line\nbreak"'],
    ['a formula', '=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
    ['a leading minus in text', '-5 dB', "'-5 dB"],
  ])('writes %s safely', (_label, value, cell) => {
    expect(csvCell(value)).toBe(cell);
  });

  it('writes a header row and one line per row, CRLF-terminated', () => {
    const csv = toCsv(
      [
        { name: 'SFP-10G-LR', n: 3 },
        { name: 'NTK554BA', n: 0 },
      ],
      [
        { header: 'Part number', value: (r) => r.name },
        { header: 'Quantity', value: (r) => r.n },
      ],
    );
    expect(csv).toBe('Part number,Quantity\r\nSFP-10G-LR,3\r\nNTK554BA,0\r\n');
  });

  it("writes a moment as the reader's wall clock reads it, which a spreadsheet sorts", () => {
    // 1 Jan 2026 00:30 UTC: 11:30 am in Sydney (summer time), the day before in Honolulu.
    expect(csvDateTime(1_767_227_400, 'Australia/Sydney')).toBe('2026-01-01 11:30');
    expect(csvDateTime(1_767_227_400, 'Pacific/Honolulu')).toBe('2025-12-31 14:30');
    expect(csvDateTime(null, 'UTC')).toBeNull();
  });
});
