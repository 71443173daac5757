import { gstOn, type InvoiceLine } from '@lightpath/domain/invoices';
import { type ServiceLetter, serviceTypes } from '@lightpath/domain/services';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { invoices } from '../schema/invoices';
import { rowsOf } from '../statements';
import type { Random } from './random';

// Monthly prices in cents, before GST, by kind of service and speed: round figures of the order a
// research network charges its members.
const basePrice: Record<string, number> = {
  Unmanaged: 45_000,
  'Managed 1G': 120_000,
  'Fibre Channel': 90_000,
  'Managed 10G': 380_000,
  'Layer 2 Ethernet': 95_000,
  'VPLS Connection': 70_000,
  'Layer 3 Service': 60_000,
  Internet: 150_000,
  'Internet over VPLS': 110_000,
};
const speedFactor: Record<string, number> = { '200M': 0.6, '500M': 0.8, '1G': 1, '8G': 1.5, '10G': 2.5 };

type BilledService = {
  customer_id: number;
  type_letter: string;
  speed: string | null;
  provision_date: string | null;
};

// Two years of monthly invoices (issue 16) for every enabled customer with services: one invoice per
// month, issued on the first of the next, with a line per kind of service the customer had that month.
// Older invoices are paid; last month's is issued; now and then one is overdue or void. No PDF is
// drawn here: each is drawn from its lines on first download and kept (docs/decisions/036), so even
// the national seed (about 12,000 invoices) takes a moment.
export async function seedInvoices(db: Db, random: Random, months: number, now: Date) {
  const customerRows = rowsOf<{ customer_id: number }>(
    await db.execute(
      sql`select customer_id from customers where enabled and not is_provider order by customer_id`,
    ),
  );
  const services = rowsOf<BilledService>(
    await db.execute(
      sql`select customer_id, type_letter, speed, provision_date::text as provision_date
          from services where deprovisioned_at is null order by customer_id, service_id`,
    ),
  );
  const byCustomer = new Map<number, BilledService[]>();
  for (const service of services)
    byCustomer.set(service.customer_id, [...(byCustomer.get(service.customer_id) ?? []), service]);

  const rows: (typeof invoices.$inferInsert)[] = [];
  const thisMonth = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  for (let back = months; back >= 1; back -= 1) {
    const start = new Date(thisMonth);
    start.setUTCMonth(start.getUTCMonth() - back);
    const next = new Date(start);
    next.setUTCMonth(next.getUTCMonth() + 1);
    const periodStart = start.toISOString().slice(0, 10);
    const periodEnd = new Date(next.getTime() - 86_400_000).toISOString().slice(0, 10);
    // 9 am in Sydney on the first of the next month (10 am in daylight saving).
    const issuedAt = new Date(next.getTime() - 60 * 60 * 1000);
    const yymm = `${String(start.getUTCFullYear()).slice(2)}${String(start.getUTCMonth() + 1).padStart(2, '0')}`;
    let sequence = 0;
    for (const { customer_id: customerId } of customerRows) {
      const held = (byCustomer.get(customerId) ?? []).filter(
        (s) => s.provision_date === null || s.provision_date <= periodEnd,
      );
      if (held.length === 0) continue;
      const groups = new Map<string, InvoiceLine>();
      for (const service of held) {
        const kind = serviceTypes[service.type_letter as ServiceLetter]?.name ?? 'Service';
        const speed = service.speed ?? '1G';
        const key = `${kind}, ${speed}`;
        const line = groups.get(key);
        if (line) line.quantity += 1;
        else
          groups.set(key, {
            description: key,
            quantity: 1,
            unitCents: Math.round((basePrice[kind] ?? 80_000) * (speedFactor[speed] ?? 1)),
          });
      }
      const lines = [...groups.values()].sort((a, b) => a.description.localeCompare(b.description));
      const charges = lines.reduce((sum, line) => sum + line.quantity * line.unitCents, 0);
      const gst = gstOn(charges);
      sequence += 1;
      const roll = random.next();
      const status =
        roll < 0.015 ? 'void' : back === 1 ? 'issued' : back === 2 && roll < 0.12 ? 'overdue' : 'paid';
      rows.push({
        invoiceNumber: `MRN-${yymm}-${String(sequence).padStart(4, '0')}`,
        customerId,
        issuedAt,
        periodStart,
        periodEnd,
        amountCents: charges + gst,
        gstCents: gst,
        currency: 'AUD',
        status,
        lines,
        createdAt: issuedAt,
      });
    }
  }
  for (let i = 0; i < rows.length; i += 500) await db.insert(invoices).values(rows.slice(i, i + 500));
  return { invoices: rows.length };
}
