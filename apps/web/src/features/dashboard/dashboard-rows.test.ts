import { describe, expect, it } from 'vitest';
import type { AttentionItem } from './api/list-items-needing-attention';
import {
  attentionRecordRoute,
  dashboardRowsNavigate,
  groupAttentionItems,
  initialSide,
  shareOf,
  toggleLabels,
} from './dashboard-rows';

const item = (node: 'site' | 'service', id: string, label: string, description: string): AttentionItem => ({
  notificationlinknode: node,
  notificationlinkid: id,
  notificationlinklabel: label,
  customercode: 'UNG',
  notificationdescription: description,
});

const items: AttentionItem[] = [
  item('site', '12', 'S0012', 'S0012 has no primary contact'),
  item('service', 'UNG0012004701B', 'UNG0012004701B', 'Nobody is notified about UNG0012004701B'),
  item('site', '14', 'S0014', 'S0014 has no coordinates'),
  item('site', '12', 'S0012', 'S0012 has no coordinates'),
];

describe('dashboardRowsNavigate', () => {
  it('lets only the NOC and customer admins open rows (spec 6)', () => {
    expect([1, 2, 3, 4, 5].map((t) => dashboardRowsNavigate(t as 1 | 2 | 3 | 4 | 5))).toEqual([
      true,
      false,
      false,
      true,
      false,
    ]);
  });
});

describe('groupAttentionItems and the toggle', () => {
  // Issue 12: rows showed the internal site id, and a site with two problems counted as two sites.
  it('gives one row per site or service, named by its site number, with all it is missing', () => {
    const grouped = groupAttentionItems(items);
    expect(grouped.sites.map((r) => [r.label, r.descriptions])).toEqual([
      ['S0012', ['S0012 has no primary contact', 'S0012 has no coordinates']],
      ['S0014', ['S0014 has no coordinates']],
    ]);
    expect(grouped.services.map((r) => r.label)).toEqual(['UNG0012004701B']);
    expect(toggleLabels(grouped.sites.length, grouped.services.length).map((o) => o.label)).toEqual([
      'Sites (2)',
      'Services (1)',
    ]);
  });

  it('opens on sites unless only services have something', () => {
    expect(initialSide(2, 1)).toBe('sites');
    expect(initialSide(0, 0)).toBe('sites');
    expect(initialSide(0, 3)).toBe('services');
  });

  it('routes each record to its detail page by its id', () => {
    const grouped = groupAttentionItems(items);
    expect([...grouped.sites, ...grouped.services].map(attentionRecordRoute)).toEqual([
      '/site/12',
      '/site/14',
      '/service/UNG0012004701B',
    ]);
  });
});

describe('shareOf', () => {
  it('is a percentage, and nothing of nothing', () => {
    expect(shareOf(1, 4)).toBe(25);
    expect(shareOf(0, 0)).toBe(0);
  });
});
