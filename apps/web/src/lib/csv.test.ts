import { describe, expect, it } from 'vitest';
import { allPages, csvCell, toCsv } from './csv';

describe('CSV export', () => {
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

  it('reads every page of a list', async () => {
    const all = Array.from({ length: 2500 }, (_, i) => i);
    const asked: number[] = [];
    const rows = await allPages(async ({ limit, offset }) => {
      asked.push(offset);
      return { count: all.length, results: all.slice(offset, offset + limit) };
    });
    expect(rows).toEqual(all);
    expect(asked).toEqual([0, 1000, 2000]);
  });
});
