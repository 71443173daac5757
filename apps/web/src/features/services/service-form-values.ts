import {
  buildServiceId,
  hasLogicalBEnd,
  type Patching,
  type Service,
  type ServiceCreate,
  type ServiceUpdate,
} from '@lightpath/domain/services';
import { changedFields } from '../../lib/changed-fields';
import { emptyToNull } from '../../lib/format';

// Inputs hold strings (and NumberInput's number | ''); these helpers turn them into the bodies of
// serviceCreateSchema / serviceUpdateSchema, keeping field names so each message lands on its input.

type NumberValue = number | string;

export type PatchingFormValues = {
  aendaddress: string;
  aendpanel: string;
  aendconnector: string;
  aendsfp: string;
  aendport: string;
  aendwavelength: string;
  insertionlossa: NumberValue;
  bendaddress: string;
  bendpanel: string;
  bendconnector: string;
  bendsfp: string;
  bendport: string;
  bendwavelength: string;
  insertionlossb: NumberValue;
  vlan: NumberValue;
  ipaddress: string;
  defaultgateway: string;
  fibrelength: NumberValue;
  notes: string;
};

export type ServiceDetailsValues = {
  description: string;
  speed: string;
  diversity: string;
  status: string;
  provisiondate: string;
  path: string;
  notes: string;
  aendportid: string;
  bendportid: string;
  juniperportid: string;
  // Empty: the type's standard target.
  slatarget: NumberValue;
  patching: PatchingFormValues;
};

export type NewServiceFormValues = ServiceDetailsValues & {
  customerid: string;
  aendsiteid: string;
  bendsiteid: string;
  sequence: NumberValue;
  letter: string;
};

// What the modal knows about the chosen customer and sites, which the id and the B-end address need.
export type NewServiceContext = {
  customerCode: string | undefined;
  asiteNumber: string | undefined;
  bsiteNumber: string | undefined;
  bsiteName: string | undefined;
};

export function blankPatchingValues(): PatchingFormValues {
  return {
    aendaddress: '',
    aendpanel: '',
    aendconnector: '',
    aendsfp: '',
    aendport: '',
    aendwavelength: '',
    insertionlossa: '',
    bendaddress: '',
    bendpanel: '',
    bendconnector: '',
    bendsfp: '',
    bendport: '',
    bendwavelength: '',
    insertionlossb: '',
    vlan: '',
    ipaddress: '',
    defaultgateway: '',
    fibrelength: '',
    notes: '',
  };
}

export function blankNewServiceValues(): NewServiceFormValues {
  return {
    customerid: '',
    aendsiteid: '',
    bendsiteid: '',
    sequence: 1,
    letter: '',
    description: '',
    speed: '',
    diversity: '',
    status: '',
    provisiondate: '',
    path: '',
    notes: '',
    aendportid: '',
    bendportid: '',
    juniperportid: '',
    slatarget: '',
    patching: blankPatchingValues(),
  };
}

// An empty select or input is "not given"; anything else that is not a number stays NaN, which the
// schema reports with its own message.
function numberOrNull(value: NumberValue): number | null {
  if (value === '' || value === null || value === undefined) return null;
  return typeof value === 'number' ? value : Number(value);
}

function numberOf(value: string): number {
  return value === '' ? Number.NaN : Number(value);
}

const text = (value: string) => emptyToNull(value);

// The id is composed, never typed: customer code + A digits + B digits + sequence + letter. Missing
// parts give '' so the preview can say so and the schema reports serviceMessages.idInvalid.
export function composeServiceId(
  values: Pick<NewServiceFormValues, 'sequence' | 'letter'>,
  context: Pick<NewServiceContext, 'customerCode' | 'asiteNumber' | 'bsiteNumber'>,
): string {
  const { customerCode, asiteNumber, bsiteNumber } = context;
  const sequence = numberOrNull(values.sequence);
  if (!customerCode || !asiteNumber || !bsiteNumber || !values.letter || sequence === null) return '';
  if (!Number.isInteger(sequence) || sequence < 0) return '';
  return buildServiceId({
    code: customerCode,
    asite: asiteNumber,
    bsite: bsiteNumber,
    sequence,
    letter: values.letter,
  });
}

// Spec 5: for F, G and H the B end is logical, so its patching is hidden and its address is the name
// of site B.
export function toPatching(
  values: PatchingFormValues,
  letter: string,
  bsiteName: string | undefined,
): Patching {
  const aEnd = {
    aendaddress: text(values.aendaddress),
    aendpanel: text(values.aendpanel),
    aendconnector: (text(values.aendconnector) as Patching['aendconnector']) ?? null,
    aendsfp: (text(values.aendsfp) as Patching['aendsfp']) ?? null,
    aendport: text(values.aendport),
    aendwavelength: numberOrNull(values.aendwavelength) as Patching['aendwavelength'],
    insertionlossa: numberOrNull(values.insertionlossa),
  };
  const bEnd = hasLogicalBEnd(letter)
    ? {
        bendaddress: bsiteName ? bsiteName : null,
        bendpanel: null,
        bendconnector: null,
        bendsfp: null,
        bendport: null,
        bendwavelength: null,
        insertionlossb: null,
      }
    : {
        bendaddress: text(values.bendaddress),
        bendpanel: text(values.bendpanel),
        bendconnector: (text(values.bendconnector) as Patching['bendconnector']) ?? null,
        bendsfp: (text(values.bendsfp) as Patching['bendsfp']) ?? null,
        bendport: text(values.bendport),
        bendwavelength: numberOrNull(values.bendwavelength) as Patching['bendwavelength'],
        insertionlossb: numberOrNull(values.insertionlossb),
      };
  return {
    ...aEnd,
    ...bEnd,
    vlan: numberOrNull(values.vlan),
    ipaddress: text(values.ipaddress),
    defaultgateway: text(values.defaultgateway),
    fibrelength: numberOrNull(values.fibrelength),
    notes: text(values.notes),
  };
}

export function isEmptyPatching(patching: Patching): boolean {
  return Object.values(patching).every((value) => value === null || value === undefined);
}

function detailsOf(values: ServiceDetailsValues) {
  return {
    description: values.description.trim(),
    speed: text(values.speed),
    // '' and 'None' stay as they are, so the schema answers serviceMessages.diversityEmpty.
    diversity: values.diversity as 'Primary' | 'Backup',
    status: numberOf(values.status) as 0 | 1 | 2,
    provisiondate: values.provisiondate.trim(),
    path: text(values.path),
    notes: text(values.notes),
    aendportid: text(values.aendportid),
    bendportid: text(values.bendportid),
    juniperportid: text(values.juniperportid),
    slatarget: numberOrNull(values.slatarget),
  };
}

export function toServiceCreate(values: NewServiceFormValues, context: NewServiceContext): ServiceCreate {
  const patching = toPatching(values.patching, values.letter, context.bsiteName);
  return {
    serviceid: composeServiceId(values, context),
    customerid: numberOf(values.customerid),
    aendsiteid: numberOf(values.aendsiteid),
    bendsiteid: numberOf(values.bendsiteid),
    ...detailsOf(values),
    ...(isEmptyPatching(patching) ? {} : { patching }),
  };
}

function textOf(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

function numberInputOf(value: number | null | undefined): NumberValue {
  return value === null || value === undefined ? '' : value;
}

export function valuesFromService(service: Service): ServiceDetailsValues {
  const p = service.patching;
  return {
    description: service.description,
    speed: service.speed ?? '',
    diversity: service.diversity ?? '',
    status: String(service.status === 0 || service.status === 2 ? service.status : 1),
    provisiondate: service.provisiondate?.slice(0, 10) ?? '',
    path: service.path ?? '',
    notes: service.notes ?? '',
    aendportid: service.aendportid ?? '',
    bendportid: service.bendportid ?? '',
    juniperportid: service.juniperportid ?? '',
    slatarget: numberInputOf(service.slatarget),
    patching: {
      aendaddress: textOf(p?.aendaddress),
      aendpanel: textOf(p?.aendpanel),
      aendconnector: textOf(p?.aendconnector),
      aendsfp: textOf(p?.aendsfp),
      aendport: textOf(p?.aendport),
      aendwavelength: textOf(p?.aendwavelength),
      insertionlossa: numberInputOf(p?.insertionlossa),
      bendaddress: textOf(p?.bendaddress),
      bendpanel: textOf(p?.bendpanel),
      bendconnector: textOf(p?.bendconnector),
      bendsfp: textOf(p?.bendsfp),
      bendport: textOf(p?.bendport),
      bendwavelength: textOf(p?.bendwavelength),
      insertionlossb: numberInputOf(p?.insertionlossb),
      vlan: numberInputOf(p?.vlan),
      ipaddress: textOf(p?.ipaddress),
      defaultgateway: textOf(p?.defaultgateway),
      fibrelength: numberInputOf(p?.fibrelength),
      notes: textOf(p?.notes),
    },
  };
}

// Everything the edit form could send; `changedServiceFields` then keeps only what changed.
export function toServiceUpdate(values: ServiceDetailsValues, letter: string, bsiteName: string | null) {
  return {
    ...detailsOf(values),
    patching: toPatching(values.patching, letter, bsiteName ?? undefined),
  } satisfies ServiceUpdate;
}

// Like changedFields, with patching compared as a whole: it is sent complete or not at all, because
// the server replaces the patching record rather than merging into it.
export function changedServiceFields(
  next: ReturnType<typeof toServiceUpdate>,
  previous: ReturnType<typeof toServiceUpdate>,
): ServiceUpdate {
  const { patching: nextPatching, ...nextRest } = next;
  const { patching: previousPatching, ...previousRest } = previous;
  const changed: ServiceUpdate = changedFields(nextRest, previousRest);
  if (JSON.stringify(nextPatching) !== JSON.stringify(previousPatching)) changed.patching = nextPatching;
  return changed;
}

// The next free sequence for a customer's A/B pair, given the ids already using it (spec 5 lists the
// similar services; the sequence keeps two services on the same pair apart). Null when all 99 are used.
export function nextSequence(existingIds: readonly string[], prefix: string): number | null {
  const used = new Set(
    existingIds
      .filter((id) => id.length === prefix.length + 3 && id.startsWith(prefix))
      .map((id) => Number(id.slice(prefix.length, prefix.length + 2))),
  );
  for (let sequence = 1; sequence <= 99; sequence++) if (!used.has(sequence)) return sequence;
  return null;
}
