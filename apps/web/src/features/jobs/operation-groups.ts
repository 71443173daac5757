import { type AwxOperation, awxOperationInfo, awxOperations } from '@lightpath/domain/awx';

export type OperationGroup = { label: string; operations: AwxOperation[] };

const groupLabels = { run: 'Run', get: 'Get', show: 'Show' } as const;

// Spec 7.7's operations in their three groups, in the domain's order: run (jobs that check or change a
// device), get (files from it), show (what it reports).
export const operationGroups: OperationGroup[] = (['run', 'get', 'show'] as const).map((prefix) => ({
  label: groupLabels[prefix],
  operations: awxOperations.filter((operation) => operation.startsWith(`${prefix}/`)),
}));

export function operationLabel(operation: AwxOperation): string {
  return awxOperationInfo[operation].label;
}

// What the launch button says: the operation and how many devices, e.g. 'Bounce port on 2 devices'.
// An operation that changes a device is named by its own verb ('Bounce port'); the others by their group's.
export function launchLabel(operation: AwxOperation, devices: number): string {
  const label = operationLabel(operation);
  const prefix = operation.slice(0, operation.indexOf('/')) as keyof typeof groupLabels;
  const what = awxOperationInfo[operation].changes ? label : `${groupLabels[prefix]} ${label}`;
  return `${what} on ${devices} ${devices === 1 ? 'device' : 'devices'}`;
}
