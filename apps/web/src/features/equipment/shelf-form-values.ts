import type { EquipmentVendor, Shelf, ShelfCreate, ShelfUpdate } from '@lightpath/domain/equipment';

// What the shelf form holds: text inputs are strings ('' is "none"). `sitelabel` is only for the
// site picker, which shows the chosen site before any search; it is never sent.
export type ShelfFormValues = {
  equipmentname: string;
  ipaddress: string;
  siteid: string;
  sitelabel: string;
  vendor: string;
  model: string;
  spack: string;
  serial: string;
};

export function blankShelfValues(): ShelfFormValues {
  return {
    equipmentname: '',
    ipaddress: '',
    siteid: '',
    sitelabel: '',
    vendor: '',
    model: '',
    spack: '',
    serial: '',
  };
}

export function valuesFromShelf(shelf: Shelf): ShelfFormValues {
  return {
    equipmentname: shelf.equipmentname,
    ipaddress: shelf.ipaddress ?? '',
    siteid: String(shelf.siteid),
    sitelabel: `${shelf.sitenumber} ${shelf.sitename}`,
    vendor: shelf.vendor,
    model: shelf.model,
    spack: shelf.spack ?? '',
    serial: shelf.serial ?? '',
  };
}

// A missing site or vendor is sent as the wrong type on purpose, so the domain schema answers with
// its own message ('Site is required', 'Vendor must be Ciena, Cisco, Juniper or Nokia'). Empty
// optional texts go as '' and the schema stores them as null.
export function toShelfCreate(values: ShelfFormValues): ShelfCreate {
  return {
    equipmentname: values.equipmentname,
    ipaddress: values.ipaddress,
    siteid: values.siteid === '' ? 0 : Number(values.siteid),
    vendor: (values.vendor || undefined) as EquipmentVendor,
    model: values.model,
    spack: values.spack,
    serial: values.serial,
  };
}

export function toShelfUpdate(values: ShelfFormValues): ShelfUpdate {
  return toShelfCreate(values);
}
