import { z } from 'zod';
import { text } from './api';

export type Customer = {
  customerid: number;
  customername: string;
  customercode: string;
  code: string;
  enabled: boolean;
  logo64: string | null;
  cdrpin: string | null;
  isprovider: boolean;
};

export const customerMessages = {
  codeInUse: 'Customer code is already in use',
  notFound: 'Customer not found',
} as const;

// Customer codes start every service id (decisions.md), so they are exactly three capitals or digits.
export const customerCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{3}$/, 'Customer code must be 3 letters or digits');

// Logos are small raster images carried as data URLs; SVG is refused because it can carry script.
export const logoMaxBytes = 200 * 1024;
const logoPattern = /^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/]+={0,2}$/;
export const logoSchema = z
  .string()
  .max(Math.ceil((logoMaxBytes * 4) / 3) + 40, 'Logo must be at most 200 KB')
  .regex(logoPattern, 'Logo must be a PNG, JPEG, WebP or GIF image');

const cdrPinSchema = z.string().trim().regex(/^\d{4,8}$/, 'CDR PIN must be 4 to 8 digits');

export const customerCreateSchema = z.strictObject({
  customername: text(120).min(2, 'Customer name is required'),
  customercode: customerCodeSchema,
  enabled: z.boolean().default(true),
  logo64: logoSchema.nullable().optional(),
  cdrpin: cdrPinSchema.nullable().optional(),
});
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

// The provider may change everything but the code (service ids embed it); a company admin may only
// change the company's own logo and PIN (Company Settings).
export const customerUpdateSchema = z.strictObject({
  customername: text(120).min(2, 'Customer name is required').optional(),
  enabled: z.boolean().optional(),
  logo64: logoSchema.nullable().optional(),
  cdrpin: cdrPinSchema.nullable().optional(),
});
export type CustomerUpdate = z.infer<typeof customerUpdateSchema>;

export const companySettingsFields = ['logo64', 'cdrpin'] as const satisfies readonly (keyof CustomerUpdate)[];

export function customerInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Za-z]/.test(w) && !/^(of|the|and|for)$/i.test(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0]?.toUpperCase())
      .join('') || '?'
  );
}
