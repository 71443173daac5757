import type { CrossConnect, CrossConnectCreate, CrossConnectUpdate } from '@lightpath/domain/colocation';

// What the cross-connect form holds: each end's rack id (from the rack space picker) and its patch
// panel and port as typed ('' is "none").
export type CrossConnectFormValues = {
  aendrackspaceid: string;
  aendpanel: string;
  aendport: string;
  bendrackspaceid: string;
  bendpanel: string;
  bendport: string;
};

export function blankCrossConnectValues(aendrackspaceid = ''): CrossConnectFormValues {
  return { aendrackspaceid, aendpanel: '', aendport: '', bendrackspaceid: '', bendpanel: '', bendport: '' };
}

export function valuesFromCrossConnect(crossConnect: CrossConnect): CrossConnectFormValues {
  return {
    aendrackspaceid: crossConnect.aendrackspaceid,
    aendpanel: crossConnect.aendpanel ?? '',
    aendport: crossConnect.aendport ?? '',
    bendrackspaceid: crossConnect.bendrackspaceid,
    bendpanel: crossConnect.bendpanel ?? '',
    bendport: crossConnect.bendport ?? '',
  };
}

const orNull = (value: string) => (value.trim() === '' ? null : value);

export function toCrossConnectCreate(values: CrossConnectFormValues): CrossConnectCreate {
  return {
    aendrackspaceid: values.aendrackspaceid,
    bendrackspaceid: values.bendrackspaceid,
    aendpanel: orNull(values.aendpanel),
    aendport: orNull(values.aendport),
    bendpanel: orNull(values.bendpanel),
    bendport: orNull(values.bendport),
  };
}

export function toCrossConnectUpdate(values: CrossConnectFormValues): CrossConnectUpdate {
  return toCrossConnectCreate(values);
}
