import { z } from 'zod';
import { listQuerySchema, recordIdSchema, text } from './api';
import { type CsvColumn, csvDateTime, csvTimeHeader } from './csv';
import { siteNeedsAddress } from './sites';

// Spec 2.2, 3, 7.7: the spare parts the provider keeps in its depots (Equipment → Spare Parts
// Inventory). These are the provider's own records, not a customer's: no customer ever sees them,
// so they carry no customer and no scope, and the permission alone guards them.

export const sparePartMessages = {
  created: 'Spare part added',
  updated: 'Spare part updated',
  deleted: 'Spare part deleted',
  notFound: 'Spare part not found',
  loadFailed: 'An error occurred retrieving spare parts',
  createFailed: 'An error occurred while adding this spare part',
  updateFailed: 'An error occurred while updating this spare part',
  deleteFailed: 'An error occurred while deleting this spare part',
  recordFailed: 'An error occurred while recording this movement',
  partNumberRequired: 'Part number is required',
  partNumberTooLong: 'Part number must be at most 60 characters',
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'Description must be at most 200 characters',
  serialTooLong: 'Serial number must be at most 60 characters',
  serialTaken: 'A spare part with this part number and serial number is already recorded',
  serialQuantity: 'A part with a serial number is one part: its quantity is 0 or 1',
  depotRequired: 'Depot site is required',
  depotNotProvider: "The depot must be one of the network's own sites",
  quantityInvalid: 'Quantity must be a whole number from 0 to 100,000',
  stateInvalid: 'State must be Available, Reserved, Faulty or Sent for repair',
  uuidRequired: 'Choose the spare part',
  uuidInvalid: 'Spare part id must be a UUID',
  actionInvalid: 'Choose whether the part was taken or returned',
  movementQuantityInvalid: 'Quantity must be a whole number from 1 to 1,000',
  jobReferenceTooLong: 'Job reference must be at most 40 characters',
  noteTooLong: 'Note must be at most 500 characters',
  takeOnlyAvailable: 'Only parts in the Available state can be taken',
} as const;

// Taking more than the depot holds is refused with what it does hold, so the technician can
// take what is there and record the rest against another depot.
export function notEnoughInStock(inStock: number): string {
  return inStock === 0 ? 'None of this part is in stock' : `Only ${inStock} of this part in stock`;
}

export const sparePartStates = {
  available: 'Available',
  reserved: 'Reserved',
  faulty: 'Faulty',
  repair: 'Sent for repair',
} as const;
export type SparePartState = keyof typeof sparePartStates;
export const sparePartStateIds = Object.keys(sparePartStates) as [SparePartState, ...SparePartState[]];

export const sparePartMovements = { take: 'Taken', return: 'Returned' } as const;
export type SparePartMovement = keyof typeof sparePartMovements;
export const sparePartMovementIds = Object.keys(sparePartMovements) as [
  SparePartMovement,
  ...SparePartMovement[],
];

export const maxSparePartQuantity = 100_000;
export const maxMovementQuantity = 1_000;

// A movement's effect on the stock: the new quantity, or the message that refuses it.
export function applyMovement(
  part: { quantity: number; state: SparePartState },
  movement: { action: SparePartMovement; quantity: number },
): { quantity: number } | { refused: string } {
  if (movement.action === 'return') {
    return { quantity: Math.min(part.quantity + movement.quantity, maxSparePartQuantity) };
  }
  if (part.state !== 'available') return { refused: sparePartMessages.takeOnlyAvailable };
  if (movement.quantity > part.quantity) return { refused: notEnoughInStock(part.quantity) };
  return { quantity: part.quantity - movement.quantity };
}

// A serial number names one physical part, so that row holds none or one of it.
export function serialQuantityFits(serial: string | null | undefined, quantity: number): boolean {
  return !serial || quantity <= 1;
}

// A depot is one of the provider's own sites a technician can stand in: a PoP or an exchange (the
// site types that have an address), never a customer's site.
export function canBeDepot(
  site: { customerId: number; siteType: number },
  providerCustomerId: number,
): boolean {
  return site.customerId === providerCustomerId && siteNeedsAddress(site.siteType);
}

const orNull = (value: string) => (value === '' ? null : value);

const quantitySchema = z
  .number({ error: sparePartMessages.quantityInvalid })
  .int(sparePartMessages.quantityInvalid)
  .min(0, sparePartMessages.quantityInvalid)
  .max(maxSparePartQuantity, sparePartMessages.quantityInvalid);

const sparePartFields = {
  partnumber: z
    .string({ error: sparePartMessages.partNumberRequired })
    .trim()
    .min(1, sparePartMessages.partNumberRequired)
    .max(60, sparePartMessages.partNumberTooLong)
    .pipe(text(60)),
  description: z
    .string({ error: sparePartMessages.descriptionRequired })
    .trim()
    .min(1, sparePartMessages.descriptionRequired)
    .max(200, sparePartMessages.descriptionTooLong)
    .pipe(text(200)),
  serial: z
    .string({ error: sparePartMessages.serialTooLong })
    .trim()
    .max(60, sparePartMessages.serialTooLong)
    .pipe(text(60))
    .transform(orNull)
    .nullable()
    .optional(),
  depotsiteid: recordIdSchema(sparePartMessages.depotRequired),
  quantity: quantitySchema,
  state: z.enum(sparePartStateIds, { error: sparePartMessages.stateInvalid }),
};

const serialQuantityCheck = {
  check: (part: { serial?: string | null; quantity?: number }) =>
    part.quantity === undefined || serialQuantityFits(part.serial, part.quantity),
  params: { message: sparePartMessages.serialQuantity, path: ['quantity'] },
};

export const sparePartCreateSchema = z
  .strictObject({ ...sparePartFields, state: sparePartFields.state.default('available') })
  .refine(serialQuantityCheck.check, serialQuantityCheck.params);
export type SparePartCreate = z.infer<typeof sparePartCreateSchema>;

// Every field may change; the serial and quantity rule is checked against the stored row as well,
// in the service, since either may arrive alone.
export const sparePartUpdateSchema = z
  .strictObject({
    partnumber: sparePartFields.partnumber.optional(),
    description: sparePartFields.description.optional(),
    serial: sparePartFields.serial,
    depotsiteid: sparePartFields.depotsiteid.optional(),
    quantity: quantitySchema.optional(),
    state: sparePartFields.state.optional(),
  })
  .refine(serialQuantityCheck.check, serialQuantityCheck.params);
export type SparePartUpdate = z.infer<typeof sparePartUpdateSchema>;

const uuidSchema = z.uuid({ error: sparePartMessages.uuidInvalid });

// POST /inventory/ventia: a technician's record of a part taken from or returned to its depot.
export const sparePartMovementSchema = z.strictObject({
  uuid: z.string({ error: sparePartMessages.uuidRequired }).pipe(uuidSchema),
  action: z.enum(sparePartMovementIds, { error: sparePartMessages.actionInvalid }),
  quantity: z
    .number({ error: sparePartMessages.movementQuantityInvalid })
    .int(sparePartMessages.movementQuantityInvalid)
    .min(1, sparePartMessages.movementQuantityInvalid)
    .max(maxMovementQuantity, sparePartMessages.movementQuantityInvalid)
    .default(1),
  jobreference: z
    .string({ error: sparePartMessages.jobReferenceTooLong })
    .trim()
    .max(40, sparePartMessages.jobReferenceTooLong)
    .pipe(text(40))
    .transform(orNull)
    .nullable()
    .optional(),
  note: z
    .string({ error: sparePartMessages.noteTooLong })
    .trim()
    .max(500, sparePartMessages.noteTooLong)
    .pipe(text(500))
    .transform(orNull)
    .nullable()
    .optional(),
});
export type SparePartMovementInput = z.infer<typeof sparePartMovementSchema>;

export function movementRecorded(
  movement: { action: SparePartMovement; quantity: number },
  partnumber: string,
) {
  const verb = movement.action === 'take' ? 'taken from' : 'returned to';
  return `${movement.quantity} × ${partnumber} ${verb} the depot`;
}

export const sparePartSortFields = [
  'partnumber',
  'description',
  'serial',
  'depotsitename',
  'quantity',
  'state',
  'updated',
] as const;

// The API contract (docs/decisions/023-one-api-contract.md).
export const sparePartParamsSchema = z.object({ uuid: uuidSchema });

export const sparePartListQuerySchema = listQuerySchema.extend({
  depotsiteid: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  state: z.enum(sparePartStateIds, { error: sparePartMessages.stateInvalid }).optional(),
});
export type SparePartFilter = Pick<z.infer<typeof sparePartListQuerySchema>, 'depotsiteid' | 'state'>;

export const sparePartSchema = z.object({
  uuid: z.string(),
  partnumber: z.string(),
  description: z.string(),
  serial: z.string().nullable(),
  depotsiteid: z.number(),
  depotsitenumber: z.string(),
  depotsitename: z.string(),
  quantity: z.number(),
  state: z.enum(sparePartStateIds),
  updated: z.number(),
  // The last take or return, so the NOC sees who had the part last without opening a history.
  lastmovement: z
    .object({
      action: z.enum(sparePartMovementIds),
      quantity: z.number(),
      by: z.string(),
      at: z.number(),
      jobreference: z.string().nullable(),
    })
    .nullable(),
});
export type SparePart = z.output<typeof sparePartSchema>;

// GET /api/export/inventory: the spare parts list's filters and sort, without its paging.
export const sparePartExportQuerySchema = sparePartListQuerySchema.omit({ limit: true, offset: true });

// The spare parts list as a CSV file: each part with its depot, stock and its last take or return.
export function sparePartCsvColumns(zone: string): readonly CsvColumn<SparePart>[] {
  return [
    { header: 'Part number', value: (p) => p.partnumber },
    { header: 'Description', value: (p) => p.description },
    { header: 'Serial', value: (p) => p.serial },
    { header: 'Depot', value: (p) => p.depotsitename },
    { header: 'Depot site', value: (p) => p.depotsitenumber },
    { header: 'Quantity', value: (p) => p.quantity },
    { header: 'State', value: (p) => sparePartStates[p.state] },
    { header: csvTimeHeader('Last change', zone), value: (p) => csvDateTime(p.updated, zone) },
    {
      header: 'Last take or return',
      value: (p) =>
        p.lastmovement
          ? `${sparePartMovements[p.lastmovement.action]} ${p.lastmovement.quantity} by ${p.lastmovement.by}`
          : null,
    },
  ];
}
