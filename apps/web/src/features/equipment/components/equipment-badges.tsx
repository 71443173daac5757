import {
  type CardState,
  cardStates,
  type PortState,
  portStates,
  type SpackStats,
} from '@lightpath/domain/equipment';
import { Badge, Tooltip } from '@mantine/core';

const cardColours: Record<CardState, string> = { inservice: 'teal', outofservice: 'gray', fault: 'red' };
const portColours: Record<PortState, string> = { up: 'teal', down: 'red', disabled: 'gray' };

export function CardStateBadge({ state }: { state: CardState }) {
  return (
    <Badge size="sm" variant="light" color={cardColours[state]}>
      {cardStates[state]}
    </Badge>
  );
}

export function PortStateBadge({ state }: { state: PortState }) {
  return (
    <Badge size="sm" variant="light" color={portColours[state]}>
      {portStates[state]}
    </Badge>
  );
}

// The shelf's software against the release recommended for its model (spec 7.7 spackstats).
export function SpackBadge({ stats }: { stats: SpackStats }) {
  if (!stats.recommended) {
    return (
      <Badge size="sm" variant="outline" color="gray">
        No recommended release for {stats.model}
      </Badge>
    );
  }
  if (stats.current) {
    return (
      <Badge size="sm" variant="light" color="teal">
        Recommended release
      </Badge>
    );
  }
  const fleet = stats.fleet
    .map((row) => `${row.spack ?? 'unknown'}: ${row.shelves} ${row.shelves === 1 ? 'shelf' : 'shelves'}`)
    .join(', ');
  return (
    <Tooltip label={`${stats.model} across the network: ${fleet}`} multiline w={280} disabled={!fleet}>
      <Badge size="sm" variant="light" color="orange">
        Upgrade to {stats.recommended}
      </Badge>
    </Tooltip>
  );
}
