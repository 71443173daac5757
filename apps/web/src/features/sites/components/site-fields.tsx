import {
  type AccessType,
  accessTypes,
  type Site,
  selectableSites,
  siteNeedsAddress,
} from '@lightpath/domain/sites';
import {
  Fieldset,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { type SiteFormValues, withParentAddress } from '../site-form-values';

type Props = {
  form: UseFormReturnType<SiteFormValues>;
  sitetype: number;
  // The customer's enabled sites; the parent picker offers these (minus the site being edited).
  customerSites: Site[] | undefined;
  customerSitesLoading: boolean;
  excludeSiteId?: number;
  // Shown in the VPLS name hint ('UNG01').
  customerCode?: string;
};

const accessTypeOptions = (Object.keys(accessTypes) as unknown as AccessType[]).map((t) => ({
  value: String(t),
  label: `${t} · ${accessTypes[t]}`,
}));

export function siteOptionLabel(site: Pick<Site, 'sitenumber' | 'sitename'>): string {
  return `${site.sitenumber} · ${site.sitename}`;
}

// The fields a site has after it is made: shared by the Create New Site modal and the edit form.
export function SiteFields({
  form,
  sitetype,
  customerSites,
  customerSitesLoading,
  excludeSiteId,
  customerCode,
}: Props) {
  const parents = selectableSites(customerSites ?? []).filter((s) => s.siteid !== excludeSiteId);
  const addressRequired = siteNeedsAddress(sitetype);
  const parentDisabled = !form.values.customerid;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label="Parent site"
          description="Choosing one copies its address"
          placeholder={
            parentDisabled ? 'Choose a customer first' : customerSitesLoading ? 'Loading sites…' : 'None'
          }
          disabled={parentDisabled}
          searchable
          clearable
          nothingFoundMessage="No matching enabled site"
          data={parents.map((s) => ({ value: String(s.siteid), label: siteOptionLabel(s) }))}
          value={form.values.parentsite || null}
          error={form.errors.parentsite}
          onChange={(value) =>
            form.setValues(
              withParentAddress(
                form.getValues(),
                parents.find((s) => String(s.siteid) === value),
              ),
            )
          }
        />
        <Select
          label="Access type"
          allowDeselect={false}
          data={accessTypeOptions}
          {...form.getInputProps('accesstype')}
        />
      </SimpleGrid>

      <Fieldset legend="Address" variant="filled" radius="md">
        <Stack gap="sm">
          <TextInput label="Building" {...form.getInputProps('building')} />
          <TextInput label="Street" required={addressRequired} {...form.getInputProps('street')} />
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <TextInput label="Suburb" required={addressRequired} {...form.getInputProps('suburb')} />
            <TextInput
              label="Postcode"
              required={addressRequired}
              inputMode="numeric"
              {...form.getInputProps('postcode')}
            />
          </SimpleGrid>
          {!addressRequired && (
            <Text fz="xs" c="dimmed">
              Optional for this site type: only physical and interconnect sites need an address.
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput
              label="Latitude"
              placeholder="-33.8688"
              decimalScale={6}
              min={-90}
              max={90}
              hideControls
              {...form.getInputProps('latitude')}
            />
            <NumberInput
              label="Longitude"
              placeholder="151.2093"
              decimalScale={6}
              min={-180}
              max={180}
              hideControls
              {...form.getInputProps('longitude')}
            />
          </SimpleGrid>
        </Stack>
      </Fieldset>

      {sitetype === 2 && (
        <Fieldset legend="VPLS" variant="filled" radius="md">
          <Stack gap="sm">
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextInput
                label="VPLS name"
                description="Customer code plus a number"
                placeholder={`${customerCode ?? 'ABC'}01`}
                {...form.getInputProps('vplsname')}
              />
              <NumberInput
                label="MAC limit"
                description="0 to 9999"
                required
                min={0}
                max={9999}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('maclimit')}
              />
            </SimpleGrid>
            <Group gap="xl" align="flex-end">
              <Switch label="MAC flush" {...form.getInputProps('macflush', { type: 'checkbox' })} />
              <div>
                <Text fz="sm" fw={500} mb={4} id="allowedvlans-label">
                  Allowed VLANs
                </Text>
                <SegmentedControl
                  aria-labelledby="allowedvlans-label"
                  data={[
                    { value: 'all', label: 'All' },
                    { value: 'none', label: 'None' },
                  ]}
                  {...form.getInputProps('allowedvlans')}
                />
              </div>
            </Group>
          </Stack>
        </Fieldset>
      )}

      <Fieldset legend="Access" variant="filled" radius="md">
        <Stack gap="sm">
          <TextInput
            label="Access hours"
            placeholder="Business hours, 24/7, …"
            {...form.getInputProps('accesshours')}
          />
          <Textarea label="Access notes" autosize minRows={2} {...form.getInputProps('accessnotes')} />
          <Textarea label="Site notes" autosize minRows={2} {...form.getInputProps('sitenotes')} />
        </Stack>
      </Fieldset>
    </Stack>
  );
}
