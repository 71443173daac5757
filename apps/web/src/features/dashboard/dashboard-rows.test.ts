import { describe, expect, it } from 'vitest';
import type { AttentionItem } from './api/list-items-needing-attention';
import {
  attentionItemRoute,
  dashboardRowsNavigate,
  initialSide,
  shareOf,
  splitAttentionItems,
  toggleLabels,
} from './dashboard-rows';

const items: AttentionItem[] = [
  {
    notificationlinknode: 'site',
    notificationlinkid: '12',
    notificationdescription: 'S0012 has no primary contact',
  },
  {
    notificationlinknode: 'service',
    notificationlinkid: 'UNG0012004701B',
    notificationdescription: 'Nobody is notified about UNG0012004701B',
  },
  {
    notificationlinknode: 'site',
    notificationlinkid: '14',
    notificationdescription: 'S0014 has no coordinates',
  },
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

describe('splitAttentionItems and the toggle', () => {
  it('splits items by what they point at and labels the toggle with the counts', () => {
    const split = splitAttentionItems(items);
    expect(split.sites.map((i) => i.notificationlinkid)).toEqual(['12', '14']);
    expect(split.services).toHaveLength(1);
    expect(toggleLabels(split.sites.length, split.services.length).map((o) => o.label)).toEqual([
      'Sites (2)',
      'Services (1)',
    ]);
  });

  it('opens on sites unless only services have something', () => {
    expect(initialSide(2, 1)).toBe('sites');
    expect(initialSide(0, 0)).toBe('sites');
    expect(initialSide(0, 3)).toBe('services');
  });

  it('routes each item to its detail page', () => {
    expect(items.map(attentionItemRoute)).toEqual(['/site/12', '/service/UNG0012004701B', '/site/14']);
  });
});

describe('shareOf', () => {
  it('is a percentage, and nothing of nothing', () => {
    expect(shareOf(1, 4)).toBe(25);
    expect(shareOf(0, 0)).toBe(0);
  });
});
