import type { Site } from '@lightpath/domain/sites';

// A site in a picker that can offer several customers' sites: site numbers repeat across customers
// (each has an S0001), so staff see the customer code as well.
export function siteChoiceLabel(
  site: Pick<Site, 'sitenumber' | 'sitename' | 'customercode'>,
  withCustomer: boolean,
): string {
  const label = `${site.sitenumber} ${site.sitename}`;
  return withCustomer ? `${label} · ${site.customercode}` : label;
}
