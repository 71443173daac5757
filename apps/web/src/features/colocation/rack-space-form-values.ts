import type { RackSpace, RackSpaceCreate, RackSpaceUpdate } from '@lightpath/domain/colocation';
import { inputsFromSeconds, secondsFromInputs } from '../../lib/time-zone';

// What the rack space form holds: text inputs are strings ('' is "none"); the end date is an
// <input type="date"> value, a day in the reader's display zone.
export type RackSpaceFormValues = {
  rackspaceid: string;
  description: string;
  customerid: string;
  siteid: string;
  enddate: string;
};

export function blankRackSpaceValues(customerid = ''): RackSpaceFormValues {
  return { rackspaceid: '', description: '', customerid, siteid: '', enddate: '' };
}

export function valuesFromRackSpace(rack: RackSpace): RackSpaceFormValues {
  return {
    rackspaceid: rack.rackspaceid,
    description: rack.description ?? '',
    customerid: String(rack.customerid),
    siteid: String(rack.siteid),
    enddate: rackSpaceEndDay(rack.enddate),
  };
}

// The day a rack space ends, as the date input and the lists show it ('' when it has none).
export function rackSpaceEndDay(enddate: number | null): string {
  return enddate === null ? '' : inputsFromSeconds(enddate).date;
}

// A rack space ends at the start of its end day in the reader's zone. An unreadable day becomes -1,
// so the domain schema answers with its own message.
function endDateSeconds(day: string): number | null {
  return day.trim() === '' ? null : secondsFromInputs(day, '00:00');
}

// A cleared customer or site is sent as the wrong type on purpose, so the domain schema answers
// with its own message ('Customer is required', 'Site is required').
export function toRackSpaceCreate(values: RackSpaceFormValues): RackSpaceCreate {
  return {
    rackspaceid: values.rackspaceid,
    description: values.description.trim() === '' ? null : values.description,
    customerid: values.customerid === '' ? 0 : Number(values.customerid),
    siteid: values.siteid === '' ? 0 : Number(values.siteid),
    enddate: endDateSeconds(values.enddate),
  };
}

export function toRackSpaceUpdate(values: RackSpaceFormValues): RackSpaceUpdate {
  return {
    rackspaceid: values.rackspaceid,
    description: values.description.trim() === '' ? null : values.description,
    enddate: endDateSeconds(values.enddate),
  };
}
