import { connectors, sfpTypes, wavelengths } from '@lightpath/domain/services';
import {
  Alert,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { IconInfoCircle } from '@tabler/icons-react';
import type { PatchingFormValues } from '../service-form-values';

type Field = `patching.${keyof PatchingFormValues}`;
type Props = {
  form: { getInputProps: (path: Field) => GetInputPropsReturnType };
  // Spec 5: F, G and H have a logical B end (hasLogicalBEnd), whose patching is hidden.
  hideBEnd: boolean;
  bsiteName?: string;
};

const connectorOptions = [...connectors];
const sfpOptions = [...sfpTypes];
const wavelengthOptions = wavelengths.map((w) => ({ value: String(w), label: `${w} nm` }));

function EndFields({ end, form }: { end: 'a' | 'b'; form: Props['form'] }) {
  const field = (name: string) => form.getInputProps(`patching.${end}end${name}` as Field);
  const label = end === 'a' ? 'A end' : 'B end';
  return (
    <Stack gap="xs">
      <Title order={4} fz="sm">
        {label}
      </Title>
      <TextInput label="Address" {...field('address')} />
      <SimpleGrid cols={2} spacing="xs">
        <TextInput label="Panel" {...field('panel')} />
        <TextInput label="Port" {...field('port')} />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs">
        <Select label="Connector" clearable data={connectorOptions} {...field('connector')} />
        <Select label="Wavelength" clearable data={wavelengthOptions} {...field('wavelength')} />
      </SimpleGrid>
      <SimpleGrid cols={2} spacing="xs">
        <Select label="SFP" clearable searchable data={sfpOptions} {...field('sfp')} />
        <NumberInput
          label="Insertion loss"
          suffix=" dB"
          min={0}
          max={100}
          decimalScale={2}
          {...form.getInputProps(`patching.insertionloss${end}` as Field)}
        />
      </SimpleGrid>
    </Stack>
  );
}

export function PatchingFields({ form, hideBEnd, bsiteName }: Props) {
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <EndFields end="a" form={form} />
        {hideBEnd ? (
          <Stack gap="xs">
            <Title order={4} fz="sm">
              B end
            </Title>
            <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
              <Text fz="sm">
                This type ends in a logical network, so the B end has no patching. Its address is the B site
                {bsiteName ? (
                  <>
                    : <strong>{bsiteName}</strong>
                  </>
                ) : (
                  '.'
                )}
              </Text>
            </Alert>
          </Stack>
        ) : (
          <EndFields end="b" form={form} />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
        <NumberInput
          label="VLAN"
          placeholder="0 to 9999"
          min={0}
          max={9999}
          allowDecimal={false}
          allowNegative={false}
          {...form.getInputProps('patching.vlan')}
        />
        <NumberInput
          label="Fibre length"
          suffix=" m"
          min={0}
          allowNegative={false}
          {...form.getInputProps('patching.fibrelength')}
        />
        <TextInput label="IP address" {...form.getInputProps('patching.ipaddress')} />
        <TextInput label="Default gateway" {...form.getInputProps('patching.defaultgateway')} />
      </SimpleGrid>
      <Textarea label="Patching notes" autosize minRows={2} {...form.getInputProps('patching.notes')} />
    </Stack>
  );
}
