import { standardSlaTarget } from '@lightpath/domain/sla-reports';
import { NumberInput, type NumberInputProps } from '@mantine/core';

// The contracted availability target (docs/decisions/038). Left empty, the service is held to its
// type's standard, which the placeholder shows so the NOC sees what empty means (a description line
// would wrap in the form's narrow column and push the field out of line with its row).
type Props = Omit<NumberInputProps, 'label' | 'placeholder'> & { letter: string | null | undefined };

export function SlaTargetInput({ letter, ...inputProps }: Props) {
  const standard = standardSlaTarget(letter);
  return (
    <NumberInput
      label="SLA target (%)"
      placeholder={`Standard: ${standard}`}
      min={90}
      max={100}
      step={0.01}
      decimalScale={3}
      allowNegative={false}
      clampBehavior="none"
      {...inputProps}
    />
  );
}
