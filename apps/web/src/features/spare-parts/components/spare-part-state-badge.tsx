import { type SparePartState, sparePartStates } from '@lightpath/domain/spare-parts';
import { Badge } from '@mantine/core';

const colours: Record<SparePartState, string> = {
  available: 'teal',
  reserved: 'blue',
  faulty: 'red',
  repair: 'orange',
};

export function SparePartStateBadge({ state }: { state: SparePartState }) {
  return (
    <Badge variant="light" color={colours[state]} size="sm">
      {sparePartStates[state]}
    </Badge>
  );
}
