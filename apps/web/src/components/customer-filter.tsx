import type { Customer } from '@lightpath/domain/customers';
import { Select } from '@mantine/core';

type Props = {
  customers: readonly Pick<Customer, 'customerid' | 'customername' | 'customercode'>[];
  value: string;
  onChange: (value: string | null) => void;
};

// Provider staff narrow every list to one customer; the choice lives in the list's URL.
export function CustomerFilter({ customers, value, onChange }: Props) {
  return (
    <Select
      aria-label="Filter by customer"
      placeholder="All customers"
      clearable
      searchable
      nothingFoundMessage="No matching customer"
      data={customers.map((c) => ({
        value: String(c.customerid),
        label: `${c.customername} (${c.customercode})`,
      }))}
      value={value || null}
      onChange={onChange}
      w={{ base: '100%', xs: 260 }}
    />
  );
}
