import { describe, expect, it } from 'vitest';
import { formatMegabits, trafficChartPoints, trafficSummary } from './traffic-chart-data';

const mib = 1024 * 1024;

describe('trafficChartPoints', () => {
  it('joins both directions by time, oldest first, in Mb/s (bytes / 1024 / 1024)', () => {
    const points = trafficChartPoints({
      atob: [
        { datetime: 200, value: 2 * mib },
        { datetime: 100, value: mib / 2 },
      ],
      btoa: [{ datetime: 100, value: 3 * mib }],
    });
    expect(points).toEqual([
      { datetime: 100, atob: 0.5, btoa: 3 },
      { datetime: 200, atob: 2, btoa: null },
    ]);
  });
});

describe('trafficSummary', () => {
  it('gives the latest and the peak of a direction, skipping gaps', () => {
    const points = [
      { datetime: 1, atob: 4, btoa: null },
      { datetime: 2, atob: 9, btoa: 1 },
      { datetime: 3, atob: 5, btoa: null },
    ];
    expect(trafficSummary(points, 'atob')).toEqual({ latest: 5, peak: 9 });
    expect(trafficSummary(points, 'btoa')).toEqual({ latest: 1, peak: 1 });
    expect(trafficSummary([], 'atob')).toEqual({ latest: null, peak: null });
  });
});

describe('formatMegabits', () => {
  it('reads naturally from small to large', () => {
    expect(formatMegabits(null)).toBe('—');
    expect(formatMegabits(1.234)).toBe('1.23 Mb/s');
    expect(formatMegabits(250)).toBe('250.0 Mb/s');
    expect(formatMegabits(2048)).toBe('2.00 Gb/s');
  });
});
