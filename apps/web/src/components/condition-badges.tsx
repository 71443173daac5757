import {
  type ServiceCondition,
  type SiteCondition,
  serviceConditionDisplay,
  siteConditionLabel,
  siteConditions,
} from '@lightpath/domain/conditions';
import { Badge, type MantineSize } from '@mantine/core';

// Spec 4: a disabled site reads 'Disabled' (grey) rather than 'Online'.
export function SiteConditionBadge({
  condition,
  status,
  size = 'sm',
}: {
  condition: SiteCondition;
  status: number;
  size?: MantineSize;
}) {
  const disabled = condition === 0 && status === 0;
  return (
    <Badge
      size={size}
      variant="light"
      color={disabled ? 'gray' : siteConditions[condition].colour}
      // Never truncated inside a narrow table cell: the condition is the point of the badge.
      style={{ flexShrink: 0, minWidth: 'max-content', textTransform: 'none' }}
    >
      {siteConditionLabel(condition, status)}
    </Badge>
  );
}

// The status is required: a deprovisioned service must not read 'Normal' (serviceConditionDisplay).
export function ServiceConditionBadge({
  condition,
  status,
  size = 'sm',
}: {
  condition: ServiceCondition;
  status: number;
  size?: MantineSize;
}) {
  const { name, colour } = serviceConditionDisplay(condition, status);
  return (
    <Badge size={size} variant="dot" color={colour} style={{ flexShrink: 0, minWidth: 'max-content' }}>
      {name}
    </Badge>
  );
}
