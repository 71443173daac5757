import { describe, expect, it } from 'vitest';
import { modelParts, partsOfModel, recommendedSoftware } from './equipment';

describe('partsOfModel', () => {
  it.each(Object.keys(recommendedSoftware))('gives %s its parts, each name once', (model) => {
    const parts = partsOfModel(model);
    expect(parts.length).toBeGreaterThan(0);
    expect(new Set(parts.map((p) => p.name)).size).toBe(parts.length);
    expect(parts.every((p) => p.partnumber.trim() !== '')).toBe(true);
  });

  it.each([
    // Two power supplies and fan trays on the routers, power inputs on the optical shelf (its fan is
    // the card in slot 10), a fan and the two uplink optics on a CPE (its power supplies are cards).
    ['MX960', ['PEM 0', 'PEM 1', 'Fan tray 0', 'Fan tray 1']],
    ['MX480', ['PEM 0', 'PEM 1', 'Fan tray 0']],
    ['6500 S-14', ['Power input A', 'Power input B']],
    ['ACX710', ['Fan tray 0', 'Optic xe-0-1-0', 'Optic xe-0-1-1']],
    ['3930', ['Fan module', 'Optic xe-0-1-0', 'Optic xe-0-1-1']],
    ['a model the network does not run', []],
  ])('%s carries %j', (model, names) => {
    expect(partsOfModel(model).map((p) => p.name)).toEqual(names);
  });

  it('lists only models with a recommended release', () => {
    expect(Object.keys(modelParts).sort()).toEqual(Object.keys(recommendedSoftware).sort());
  });
});
