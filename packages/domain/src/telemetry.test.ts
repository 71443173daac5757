import { describe, expect, it } from 'vitest';
import { bitRateUnitFor, bitsPerSecond, formatBitRate } from './telemetry';

describe('traffic in bits per second', () => {
  it('turns the bytes per second telemetry reports into bits', () => {
    expect(bitsPerSecond(110_000_000)).toBe(880_000_000);
  });

  it('reads a 1G service at 88% as about 880 Mb/s, matching its utilisation', () => {
    const bytesPerSecondAt88Percent = (0.88 * 1e9) / 8;
    expect(formatBitRate(bitsPerSecond(bytesPerSecondAt88Percent))).toBe('880 Mb/s');
  });

  it.each([
    [0, '0 b/s'],
    [950, '950 b/s'],
    [12_345, '12.3 kb/s'],
    [1_500_000, '1.50 Mb/s'],
    [250_000_000, '250 Mb/s'],
    [2_450_000_000, '2.45 Gb/s'],
    [10e9, '10.0 Gb/s'],
    [null, '—'],
  ])('formats %s bit/s as %s with decimal prefixes', (value, text) => {
    expect(formatBitRate(value)).toBe(text);
  });

  it('chooses a chart unit from the peak, the largest in which it is at least 1', () => {
    expect(bitRateUnitFor(880e6)).toEqual({ label: 'Mb/s', divisor: 1e6 });
    expect(bitRateUnitFor(2.4e9)).toEqual({ label: 'Gb/s', divisor: 1e9 });
    expect(bitRateUnitFor(0)).toEqual({ label: 'b/s', divisor: 1 });
  });
});
