import type { Scope } from '@lightpath/domain/actor';
import { eq, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

// Every repository query over customer-owned rows passes its customer column through this, so a
// customer user's queries carry `customer_id = own id` in SQL, never a filter after the fact.
export function scopeCondition(scope: Scope, customerColumn: PgColumn): SQL | undefined {
  return scope.kind === 'all' ? undefined : eq(customerColumn, scope.customerId);
}

// For ILIKE: the user's text is matched literally, wildcards included.
export function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export function toUnixSeconds(date: Date | null): number | null {
  return date ? Math.floor(date.getTime() / 1000) : null;
}
