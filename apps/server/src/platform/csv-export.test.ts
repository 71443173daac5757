import { describe, expect, it } from 'vitest';
import { csvOf, type ListExport } from './csv-export';
import type { ServiceContext } from './service-context';

type Row = { id: number; name: string };

// A list of `total` rows that records the pages it was asked for.
function listOf(total: number) {
  const asked: { limit: number; offset: number }[] = [];
  const list: ListExport<{ q?: string }, Row> = {
    filename: 'rows.csv',
    columns: () => [
      { header: 'Id', value: (row) => row.id },
      { header: 'Name', value: (row) => row.name },
    ],
    page: async (_ctx, { limit, offset }) => {
      asked.push({ limit, offset });
      const results = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
        id: offset + i + 1,
        name: `=row ${offset + i + 1}`,
      }));
      return { count: total, results };
    },
  };
  return { list, asked };
}

async function collect(total: number, pageSize: number) {
  const { list, asked } = listOf(total);
  let text = '';
  for await (const chunk of csvOf({} as ServiceContext, {}, list, pageSize)) text += chunk;
  return { lines: text.split('\r\n'), asked };
}

describe('a list exported page by page', () => {
  it('reads every page until a short one, writing each row once, in order', async () => {
    const { lines, asked } = await collect(7, 3);
    expect(lines[0]).toBe('\uFEFFId,Name');
    expect(lines.slice(1, -1)).toEqual(Array.from({ length: 7 }, (_, i) => `${i + 1},'=row ${i + 1}`));
    expect(lines.at(-1)).toBe('');
    expect(asked).toEqual([
      { limit: 3, offset: 0 },
      { limit: 3, offset: 3 },
      { limit: 3, offset: 6 },
    ]);
  });

  it('asks once more after a full last page, and writes only the header for an empty list', async () => {
    expect((await collect(6, 3)).asked.map((page) => page.offset)).toEqual([0, 3, 6]);
    const empty = await collect(0, 3);
    expect(empty.lines).toEqual(['\uFEFFId,Name', '']);
    expect(empty.asked).toHaveLength(1);
  });
});
