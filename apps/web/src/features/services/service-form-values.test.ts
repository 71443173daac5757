import {
  type Service,
  serviceCreateSchema,
  serviceMessages,
  serviceUpdateSchema,
} from '@lightpath/domain/services';
import { describe, expect, it } from 'vitest';
import { issuesToFormErrors } from '../../lib/zod-form';
import { serviceSummary } from '../../test/services-test-fixtures';
import {
  blankNewServiceValues,
  changedServiceFields,
  composeServiceId,
  type NewServiceContext,
  type NewServiceFormValues,
  nextSequence,
  toServiceCreate,
  toServiceUpdate,
  valuesFromService,
} from './service-form-values';

const context: NewServiceContext = {
  customerCode: 'UNG',
  asiteNumber: 'S0012',
  bsiteNumber: 'S0047',
  bsiteName: 'Northgate PoP',
};

const filled: NewServiceFormValues = {
  ...blankNewServiceValues(),
  customerid: '7',
  aendsiteid: '21',
  bendsiteid: '3',
  sequence: 1,
  letter: 'B',
  description: ' Campus uplink ',
  speed: '1G',
  diversity: 'Primary',
  status: '1',
  provisiondate: '2024-05-01',
};

function errorsOf(values: NewServiceFormValues, ctx = context) {
  const parsed = serviceCreateSchema.safeParse(toServiceCreate(values, ctx));
  return parsed.success ? {} : issuesToFormErrors(parsed.error.issues);
}

describe('composeServiceId', () => {
  it('builds code + A digits + B digits + two-digit sequence + letter', () => {
    expect(composeServiceId({ sequence: 1, letter: 'B' }, context)).toBe('UNG0012004701B');
    expect(composeServiceId({ sequence: '12', letter: 'F' }, context)).toBe('UNG0012004712F');
  });

  it('is empty while a part is missing', () => {
    expect(composeServiceId({ sequence: 1, letter: '' }, context)).toBe('');
    expect(composeServiceId({ sequence: '', letter: 'B' }, context)).toBe('');
    expect(composeServiceId({ sequence: 1, letter: 'B' }, { ...context, asiteNumber: undefined })).toBe('');
  });
});

describe('toServiceCreate', () => {
  it('gives a body the schema accepts, trimmed, with numbers for selects', () => {
    const body = toServiceCreate(filled, context);
    expect(body).toMatchObject({
      serviceid: 'UNG0012004701B',
      customerid: 7,
      aendsiteid: 21,
      bendsiteid: 3,
      description: 'Campus uplink',
      status: 1,
      path: null,
    });
    expect('patching' in body).toBe(false);
    expect(serviceCreateSchema.safeParse(body).success).toBe(true);
  });

  it("reports the domain's messages on the fields they concern", () => {
    const errors = errorsOf({
      ...filled,
      customerid: '',
      diversity: 'None',
      status: '',
      provisiondate: '',
    });
    expect(errors.customerid).toBe(serviceMessages.customerMissing);
    expect(errors.diversity).toBe(serviceMessages.diversityEmpty);
    expect(errors.status).toBe(serviceMessages.stateMissing);
    expect(errors.provisiondate).toBe(serviceMessages.provisionDateMissing);
  });

  it('refuses an id with sequence 0 or above 99', () => {
    expect(errorsOf({ ...filled, sequence: 0 }).serviceid).toBe(serviceMessages.idInvalid);
    expect(errorsOf({ ...filled, sequence: 100 }).serviceid).toBe(serviceMessages.idInvalid);
    expect(errorsOf({ ...filled, letter: '' }).serviceid).toBe(serviceMessages.idInvalid);
  });

  it('puts a VLAN out of range on patching.vlan', () => {
    const errors = errorsOf({ ...filled, patching: { ...filled.patching, vlan: 10000 } });
    expect(errors['patching.vlan']).toBe(serviceMessages.vlanInvalid);
  });

  it('maps patching selects to numbers and keeps the B end for physical types', () => {
    const body = toServiceCreate(
      {
        ...filled,
        patching: {
          ...filled.patching,
          aendwavelength: '1310',
          aendconnector: 'LC',
          bendport: 'ge-0/0/1',
          vlan: 0,
        },
      },
      context,
    );
    expect(body.patching).toMatchObject({
      aendwavelength: 1310,
      aendconnector: 'LC',
      bendport: 'ge-0/0/1',
      vlan: 0,
      aendsfp: null,
    });
    expect(serviceCreateSchema.safeParse(body).success).toBe(true);
  });

  it('drops B-end patching for F, G and H and uses site B name as the B-end address', () => {
    const body = toServiceCreate(
      {
        ...filled,
        letter: 'F',
        patching: { ...filled.patching, bendport: 'xe-1/0/0', bendwavelength: '1550' },
      },
      { ...context, bsiteName: 'UNG01 VPLS' },
    );
    expect(body.patching).toMatchObject({
      bendaddress: 'UNG01 VPLS',
      bendport: null,
      bendwavelength: null,
    });
  });
});

const service: Service = {
  ...serviceSummary('UNG0012004701B', 'Campus uplink'),
  path: null,
  notes: 'Rack 4',
  aendportid: null,
  bendportid: null,
  juniperportid: null,
  customername: 'University of Northgate',
  deprovisionedat: null,
  slatarget: null,
  patching: { aendaddress: '1 Campus Rd', vlan: 120, aendwavelength: 1310 },
};

describe('edit values', () => {
  it('round-trips a service into an update the schema accepts', () => {
    const values = valuesFromService(service);
    expect(values.patching.vlan).toBe(120);
    expect(values.patching.aendwavelength).toBe('1310');
    const body = toServiceUpdate(values, 'B', service.bendsitename);
    expect(serviceUpdateSchema.safeParse(body).success).toBe(true);
  });

  it('sends only what changed, with patching whole when any of it changed', () => {
    const before = valuesFromService(service);
    const previous = toServiceUpdate(before, 'B', service.bendsitename);
    expect(changedServiceFields(previous, previous)).toEqual({});
    const next = toServiceUpdate(
      { ...before, speed: '10G', patching: { ...before.patching, vlan: 121 } },
      'B',
      service.bendsitename,
    );
    const changed = changedServiceFields(next, previous);
    expect(Object.keys(changed).sort()).toEqual(['patching', 'speed']);
    expect(changed.patching).toMatchObject({ vlan: 121, aendaddress: '1 Campus Rd' });
  });
});

describe('the SLA target', () => {
  it("is empty for the type's standard and sent as null; a figure is sent as a number, changed alone", () => {
    const before = valuesFromService({ ...service, slatarget: null });
    expect(before.slatarget).toBe('');
    const previous = toServiceUpdate(before, 'B', service.bendsitename);
    expect(previous.slatarget).toBeNull();
    const next = toServiceUpdate({ ...before, slatarget: 99.95 }, 'B', service.bendsitename);
    expect(changedServiceFields(next, previous)).toEqual({ slatarget: 99.95 });
    expect(valuesFromService({ ...service, slatarget: 99.95 }).slatarget).toBe(99.95);
  });

  it("puts an out-of-range target on its field with the domain's message", () => {
    const body = toServiceUpdate({ ...valuesFromService(service), slatarget: 85 }, 'B', service.bendsitename);
    const result = serviceUpdateSchema.safeParse(body);
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['slatarget', serviceMessages.slaTargetInvalid],
    ]);
  });
});

describe('nextSequence', () => {
  it('finds the first free sequence for the pair', () => {
    expect(nextSequence([], 'UNG00120047')).toBe(1);
    expect(nextSequence(['UNG0012004701B', 'UNG0012004702A', 'UNG0099004701B'], 'UNG00120047')).toBe(3);
    expect(nextSequence(['UNG0012004702B'], 'UNG00120047')).toBe(1);
  });

  it('is null when all 99 are taken', () => {
    const all = Array.from({ length: 99 }, (_, i) => `UNG00120047${String(i + 1).padStart(2, '0')}B`);
    expect(nextSequence(all, 'UNG00120047')).toBeNull();
  });
});
