import { describe, expect, it } from 'vitest';
import { trafficAxisUnit, trafficChartPoints, trafficSummary } from './traffic-chart-data';

describe('trafficChartPoints', () => {
  it('joins both directions by time, oldest first, in bits per second (bytes x 8)', () => {
    const points = trafficChartPoints({
      atob: [
        { datetime: 200, value: 110_000_000 },
        { datetime: 100, value: 1_000 },
      ],
      btoa: [{ datetime: 100, value: 3_000_000 }],
    });
    expect(points).toEqual([
      { datetime: 100, atob: 8_000, btoa: 24_000_000 },
      { datetime: 200, atob: 880_000_000, btoa: null },
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

describe('trafficAxisUnit', () => {
  it('reads the axis in the unit of the higher peak', () => {
    expect(trafficAxisUnit({ latest: 1, peak: 880e6 }, { latest: 1, peak: 2.4e9 }).label).toBe('Gb/s');
    expect(trafficAxisUnit({ latest: 1, peak: 880e6 }, { latest: null, peak: null }).label).toBe('Mb/s');
  });
});
