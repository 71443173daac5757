import {
  type AccessRequestBody,
  type AccessStepOne,
  accessTypeNeedsForm,
  isAccessReason,
  prefillDetails,
} from '@lightpath/domain/access';
import type { Site } from '@lightpath/domain/sites';
import { secondsFromInputs } from '../../lib/time-zone';

// What the Request Site Access wizard holds. The site is kept whole (its access type, hours and notes
// are shown and decide the rules); the date and time are what the inputs show, in the user's zone;
// the ticket number is a NumberInput value ('' when empty).
export type AccessFormValues = {
  date: string;
  time: string;
  technician: string;
  reason: string;
  details: string;
  number: number | string;
  emergency: boolean;
  serviceaffecting: boolean;
  addccs: boolean;
  truncatename: boolean;
  files: File[];
};

// The request body without `preflight` (the api calls add it).
export type AccessBody = Omit<AccessRequestBody, 'preflight'>;

export function blankAccessValues(defaults: { technician: string }): AccessFormValues {
  return {
    date: '',
    time: '',
    technician: defaults.technician,
    reason: '',
    details: '',
    number: '',
    emergency: false,
    serviceaffecting: false,
    // The site's contacts hear of the visit unless the requester says otherwise.
    addccs: true,
    truncatename: false,
    files: [],
  };
}

function numberOrNull(value: number | string): number | null {
  if (value === '' || value === null || value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(value);
  return Number.isNaN(number) ? -1 : number;
}

// Only sites that need a form have a file input; the files of another site's choice do not count.
export function filesFor(values: AccessFormValues, site: Site | null): File[] {
  return site && accessTypeNeedsForm(site.accesstype) ? values.files : [];
}

// What step one's rule (accessStepOneProblem) reads.
export function toAccessStepOne(values: AccessFormValues, site: Site | null): AccessStepOne {
  return {
    accesstype: site ? site.accesstype : null,
    datetime: secondsFromInputs(values.date, values.time),
    technician: values.technician,
    details: values.details,
    number: numberOrNull(values.number),
    files: filesFor(values, site).length,
  };
}

// Step one's problems name rule fields; the form shows the time as date + time inputs.
export function formFieldOf(path: string): string {
  if (path === 'datetime' || path === 'date') return 'date';
  if (path === 'additionaldetails') return 'details';
  if (path === 'attachments') return 'files';
  if (path === 'siteID') return 'site';
  return path;
}

// Only called once step one passes, so the date is readable and the number in range.
export function toAccessBody(
  values: AccessFormValues,
  site: Site,
  attachments: readonly string[],
): AccessBody {
  const number = numberOrNull(values.number);
  return {
    siteID: site.siteid,
    technician: values.technician.trim(),
    datetime: secondsFromInputs(values.date, values.time) as number,
    ...(number !== null ? { number } : {}),
    ...(isAccessReason(values.reason) ? { reason: values.reason } : {}),
    additionaldetails: values.details.trim(),
    emergency: values.emergency,
    serviceaffecting: values.serviceaffecting,
    addccs: values.addccs,
    truncatename: values.truncatename,
    attachments: [...attachments],
  };
}

// Spec 5: choosing a reason fills in its details, except for courtesy notifications (type 2).
export function withReason(
  values: AccessFormValues,
  reason: string,
  site: Site | null,
): Pick<AccessFormValues, 'reason' | 'details'> {
  if (!isAccessReason(reason)) return { reason: '', details: values.details };
  const details = prefillDetails(reason, site ? site.accesstype : null);
  return { reason, details: details ?? values.details };
}

// Files chosen again are added to the list; a name already there is replaced by the newer file.
export function mergeFiles(current: readonly File[], added: readonly File[]): File[] {
  const byName = new Map(current.map((file) => [file.name.toLowerCase(), file]));
  for (const file of added) byName.set(file.name.toLowerCase(), file);
  return [...byName.values()];
}

// Whether what was uploaded is still what the form holds: the same files, in the same order, for the
// same site. Going back and changing nothing must not upload the files twice.
export function sameUpload(
  uploaded: { siteid: number; files: readonly File[] } | null,
  siteid: number,
  files: readonly File[],
): boolean {
  return (
    uploaded !== null &&
    uploaded.siteid === siteid &&
    uploaded.files.length === files.length &&
    uploaded.files.every((file, i) => file === files[i])
  );
}
