import { describe, expect, it } from 'vitest';
import {
  buildMremoteXml,
  buildPowerSuiteSites,
  buildSiteManagerProfile,
  isSiteManagerShelf,
  type PowerSite,
  powerControllerAddress,
  shelfDescription,
  type ToolShelf,
  xmlEscape,
} from './equipment-tools';

const awkwardSite = `Smith & Sons <"Main"> Rock'n'Roll`;

function shelf(values: Partial<ToolShelf> & Pick<ToolShelf, 'equipmentid' | 'equipmentname'>): ToolShelf {
  return {
    ipaddress: '100.64.0.1',
    siteid: 1,
    sitenumber: 'S0001',
    sitename: 'Northgate PoP',
    vendor: 'Ciena',
    model: '6500 S-14',
    spack: 'Ciena 6500 R14.0',
    ...values,
  };
}

const shelves: ToolShelf[] = [
  shelf({ equipmentid: 1, equipmentname: 'S0001pe', vendor: 'Juniper', model: 'MX960', spack: null }),
  shelf({ equipmentid: 2, equipmentname: 'S0001ol', ipaddress: '100.64.0.2' }),
  shelf({ equipmentid: 3, equipmentname: 'S0002ol', ipaddress: null, siteid: 2, sitenumber: 'S0002' }),
  shelf({
    equipmentid: 4,
    equipmentname: 'UNG0003',
    ipaddress: '100.64.0.4',
    siteid: 9,
    sitenumber: 'S0003',
    sitename: awkwardSite,
    model: '5170',
    spack: 'SAOS 10.8.2',
  }),
];

describe('xmlEscape', () => {
  it.each([
    ['plain', 'plain'],
    ['a & b', 'a &amp; b'],
    ['<tag>', '&lt;tag&gt;'],
    [`"quoted" 'single'`, '&quot;quoted&quot; &apos;single&apos;'],
    ['&amp;', '&amp;amp;'],
    ['bell\u0007 and nul\u0000 dropped', 'bell and nul dropped'],
    ['tab\tand\nnewline kept', 'tab\tand\nnewline kept'],
    ['Ōtautahi 🚀', 'Ōtautahi 🚀'],
  ])('%j -> %j', (input, expected) => expect(xmlEscape(input)).toBe(expected));
});

describe('shelfDescription', () => {
  it.each<[Pick<ToolShelf, 'vendor' | 'model' | 'spack'>, string]>([
    [{ vendor: 'Ciena', model: '6500 S-14', spack: 'Ciena 6500 R14.0' }, 'Ciena 6500 S-14 Ciena 6500 R14.0'],
    [{ vendor: 'Juniper', model: 'MX960', spack: null }, 'Juniper MX960'],
  ])('%j -> %j', (input, expected) => expect(shelfDescription(input)).toBe(expected));
});

describe('buildMremoteXml', () => {
  const xml = buildMremoteXml(shelves, { protectedToken: 'TOKEN+/=', generatedAt: '2026-11-27T06:00:00Z' });

  it('declares ConfVersion 2.6 with the given Protected token and AES-GCM', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true);
    expect(xml).toMatch(/<mrng:Connections xmlns:mrng="http:\/\/mremoteng.org" [^>]*ConfVersion="2.6"/);
    expect(xml).toContain('Protected="TOKEN+/="');
    expect(xml).toContain('EncryptionEngine="AES" BlockCipherMode="GCM" KdfIterations="1000"');
  });

  it('puts each shelf with an address in its site container as SSH2 on port 22, and counts the rest', () => {
    const connections = [...xml.matchAll(/<Node Name="([^"]*)" Type="Connection"[^>]*Hostname="([^"]*)"/g)];
    expect(connections.map((m) => [m[1], m[2]])).toEqual([
      ['S0001ol', '100.64.0.2'],
      ['S0001pe', '100.64.0.1'],
      ['UNG0003', '100.64.0.4'],
    ]);
    expect([...xml.matchAll(/Type="Container"/g)]).toHaveLength(2);
    expect([...xml.matchAll(/Protocol="SSH2" Port="22"/g)]).toHaveLength(5);
    expect(xml).toContain('3 shelves at 2 sites; 1 without an IP address left out.');
    expect(xml).not.toContain('S0002ol');
  });

  it('escapes every value: a site named with & < > " \' stays one attribute', () => {
    expect(xml).toContain(
      'Name="S0003 Smith &amp; Sons &lt;&quot;Main&quot;&gt; Rock&apos;n&apos;Roll" Type="Container"',
    );
    // Well formed: no raw markup character inside any attribute value.
    for (const [, value] of xml.matchAll(/="([^"]*)"/g))
      expect(value).not.toMatch(/[<>]|&(?!amp;|lt;|gt;|quot;|apos;)/);
  });

  it('gives every node a distinct id that stays the same across downloads', () => {
    const ids = [...xml.matchAll(/ Id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      buildMremoteXml(shelves, { protectedToken: 'TOKEN+/=', generatedAt: '2026-11-27T06:00:00Z' }),
    ).toBe(xml);
  });
});

describe('buildSiteManagerProfile', () => {
  it.each<[Pick<ToolShelf, 'vendor' | 'model'>, boolean]>([
    [{ vendor: 'Ciena', model: '6500 S-14' }, true],
    [{ vendor: 'Ciena', model: '5170' }, false],
    [{ vendor: 'Juniper', model: 'MX960' }, false],
  ])('%j is a Site Manager shelf: %s', (input, expected) => expect(isSiteManagerShelf(input)).toBe(expected));

  it('lists the 6500 shelves with an address, by name', () => {
    expect(buildSiteManagerProfile(shelves)).toBe(
      'Node Name,IP Address,Site Number,Site Name,Model,Release\r\n' +
        'S0001ol,100.64.0.2,S0001,Northgate PoP,6500 S-14,Ciena 6500 R14.0\r\n',
    );
  });
});

describe('powerControllerAddress', () => {
  it.each([
    ['S0001', '100.127.0.1'],
    ['S0255', '100.127.0.255'],
    ['S0256', '100.127.1.0'],
    ['S0950', '100.127.3.182'],
    ['S9999', '100.127.39.15'],
  ])('%s -> %s', (siteNumber, expected) => expect(powerControllerAddress(siteNumber)).toBe(expected));

  it('refuses a site number without digits', () => expect(() => powerControllerAddress('Sxxxx')).toThrow());
});

describe('buildPowerSuiteSites', () => {
  it('lists one controller per PoP and exchange, by site number, with its derived address', () => {
    const sites: PowerSite[] = [
      { siteid: 7, sitenumber: 'S0950', sitename: 'Eastbrook Internet Exchange', sitetype: 5 },
      { siteid: 1, sitenumber: 'S0001', sitename: 'Northgate, "North" PoP', sitetype: 1 },
    ];
    expect(buildPowerSuiteSites(sites)).toBe(
      'Site Name,Controller,IP Address,Site Kind\r\n' +
        '"S0001 Northgate, ""North"" PoP",S0001dc,100.127.0.1,PoP\r\n' +
        'S0950 Eastbrook Internet Exchange,S0950dc,100.127.3.182,Exchange\r\n',
    );
  });
});
