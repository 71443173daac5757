import type {
  SparePart,
  SparePartCreate,
  SparePartState,
  SparePartUpdate,
} from '@lightpath/domain/spare-parts';

// What the spare part form holds: text inputs are strings ('' is "none"); the quantity is what
// Mantine's NumberInput gives, a number or '' when cleared.
export type SparePartFormValues = {
  partnumber: string;
  description: string;
  serial: string;
  depotsiteid: string;
  quantity: number | string;
  state: SparePartState;
};

export function blankSparePartValues(depotsiteid = ''): SparePartFormValues {
  return { partnumber: '', description: '', serial: '', depotsiteid, quantity: 1, state: 'available' };
}

export function valuesFromSparePart(part: SparePart): SparePartFormValues {
  return {
    partnumber: part.partnumber,
    description: part.description,
    serial: part.serial ?? '',
    depotsiteid: String(part.depotsiteid),
    quantity: part.quantity,
    state: part.state,
  };
}

// A cleared quantity or depot is sent as the wrong type on purpose, so the domain schema answers
// with its own message ('Quantity must be a whole number…', 'Depot site is required').
export function toSparePartCreate(values: SparePartFormValues): SparePartCreate {
  return {
    partnumber: values.partnumber,
    description: values.description,
    serial: values.serial.trim() === '' ? null : values.serial,
    depotsiteid: values.depotsiteid === '' ? 0 : Number(values.depotsiteid),
    quantity: (values.quantity === '' ? undefined : Number(values.quantity)) as number,
    state: values.state,
  };
}

export function toSparePartUpdate(values: SparePartFormValues): SparePartUpdate {
  return toSparePartCreate(values);
}
