import { accessMessages, accessReasonDetails, accessStepOneProblem } from '@lightpath/domain/access';
import type { Site } from '@lightpath/domain/sites';
import { describe, expect, it } from 'vitest';
import { portalWallTime } from '../../test/wall-time';
import {
  blankAccessValues,
  filesFor,
  formFieldOf,
  mergeFiles,
  sameUpload,
  toAccessBody,
  toAccessStepOne,
  withReason,
} from './access-form-values';

const site = (accesstype: number) => ({ siteid: 12, accesstype }) as Site;
const file = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });
const filled = {
  ...blankAccessValues({ technician: 'Terry Tech' }),
  date: '2026-07-01',
  time: '08:00',
  details: 'Fan tray',
};

describe('access form values', () => {
  it('starts with the technician and copies to the site contacts', () => {
    expect(blankAccessValues({ technician: 'Terry Tech' })).toMatchObject({
      technician: 'Terry Tech',
      addccs: true,
      emergency: false,
      files: [],
    });
  });

  it('reads step one for the domain rule', () => {
    const local = portalWallTime(2026, 7, 1, 8, 0);
    expect(toAccessStepOne(filled, site(1))).toEqual({
      accesstype: 1,
      datetime: local,
      technician: 'Terry Tech',
      details: 'Fan tray',
      number: null,
      files: 0,
    });
    expect(toAccessStepOne(filled, null).accesstype).toBeNull();
    expect(accessStepOneProblem(toAccessStepOne({ ...filled, time: '' }, site(1)))?.message).toBe(
      accessMessages.incomplete,
    );
    expect(accessStepOneProblem(toAccessStepOne({ ...filled, number: 'x' }, site(1)))?.message).toBe(
      accessMessages.ticketRange,
    );
  });

  it('counts files only for a site that needs the form', () => {
    const values = { ...filled, files: [file('a.pdf')] };
    expect(filesFor(values, site(4))).toHaveLength(1);
    expect(filesFor(values, site(1))).toEqual([]);
    expect(toAccessStepOne(values, site(1)).files).toBe(0);
  });

  it('builds the body the server takes', () => {
    expect(
      toAccessBody({ ...filled, number: 42, reason: 'Maintenance Works', emergency: true }, site(4), ['tok']),
    ).toEqual({
      siteID: 12,
      technician: 'Terry Tech',
      datetime: portalWallTime(2026, 7, 1, 8, 0),
      number: 42,
      reason: 'Maintenance Works',
      additionaldetails: 'Fan tray',
      emergency: true,
      serviceaffecting: false,
      addccs: true,
      truncatename: false,
      attachments: ['tok'],
    });
    const plain = toAccessBody(filled, site(1), []);
    expect(plain).not.toHaveProperty('number');
    expect(plain).not.toHaveProperty('reason');
  });

  it('prefills the details from the reason, except for courtesy notifications', () => {
    expect(withReason(filled, 'Outage Investigation', site(1))).toEqual({
      reason: 'Outage Investigation',
      details: accessReasonDetails['Outage Investigation'],
    });
    expect(withReason(filled, 'Outage Investigation', site(2))).toEqual({
      reason: 'Outage Investigation',
      details: 'Fan tray',
    });
    expect(withReason(filled, '', site(1))).toEqual({ reason: '', details: 'Fan tray' });
  });

  it('merges chosen files by name and knows an upload it has already made', () => {
    const a = file('a.pdf');
    const b = file('b.pdf');
    const newerA = file('A.PDF');
    expect(mergeFiles([a], [b, newerA])).toEqual([newerA, b]);
    expect(sameUpload({ siteid: 12, files: [a, b] }, 12, [a, b])).toBe(true);
    expect(sameUpload({ siteid: 12, files: [a, b] }, 13, [a, b])).toBe(false);
    expect(sameUpload({ siteid: 12, files: [a, b] }, 12, [a])).toBe(false);
    expect(sameUpload({ siteid: 12, files: [a] }, 12, [newerA])).toBe(false);
    expect(sameUpload(null, 12, [a])).toBe(false);
  });

  it('maps server paths to the form fields', () => {
    expect(formFieldOf('datetime')).toBe('date');
    expect(formFieldOf('additionaldetails')).toBe('details');
    expect(formFieldOf('attachments')).toBe('files');
    expect(formFieldOf('siteID')).toBe('site');
    expect(formFieldOf('technician')).toBe('technician');
  });
});
