import {
  defaultSpeedFor,
  diversities,
  hasLogicalBEnd,
  isValidServiceId,
  serviceCreateSchema,
  serviceLetters,
  serviceMessages,
  serviceStatuses,
  serviceTypes,
  speedHints,
} from '@lightpath/domain/services';
import { type Site, selectableSites, siteAddress, siteTypes } from '@lightpath/domain/sites';
import {
  Accordion,
  Anchor,
  Autocomplete,
  Button,
  Divider,
  Grid,
  Group,
  Loader,
  Modal,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconExternalLink } from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ServiceStatusBadge, ServiceTypeBadge } from '../../../components/service-badges';
import { notify } from '../../../lib/notify';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useServices } from '../../../lib/queries/list-services';
import { useSiteOptions } from '../../../lib/queries/list-site-options';
import { serviceRoute } from '../../../lib/service-links';
import { formLevelKey, reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateService } from '../api/create-service';
import { useServiceExists } from '../api/get-service';
import {
  blankNewServiceValues,
  composeServiceId,
  type NewServiceContext,
  type NewServiceFormValues,
  nextSequence,
  toServiceCreate,
} from '../service-form-values';
import { HandoffFinder } from './handoff-finder';
import { PatchingFields } from './patching-fields';

type Props = { opened: boolean; onClose: () => void };

const siteLabel = (site: Site) =>
  `${site.sitenumber} · ${site.sitename}${site.sitetype === 1 ? '' : ` (${siteTypes[site.sitetype]})`}`;
// The hints of spec 5 plus the speeds B and D prefill.
const speedOptions = [
  ...new Set<string>([
    ...speedHints,
    ...serviceLetters.map(defaultSpeedFor).filter((speed): speed is string => speed !== null),
  ]),
];

const siteOption = (site: Site) => ({ value: String(site.siteid), label: siteLabel(site) });

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={3} fz="sm" c="dimmed" tt="uppercase" style={{ letterSpacing: 0.4 }}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

// Spec 2.6 / 5: the New Service modal (NOC only). The id is composed from the customer's code, the
// two sites' numbers, a sequence and the type letter; the domain schema gives every message.
export function NewServiceModal({ opened, onClose }: Props) {
  const navigate = useNavigate();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const portal = usePortalInfo();
  const customers = useAllCustomers(opened);
  const createService = useCreateService();
  const [sections, setSections] = useState<string[]>([]);
  const [sequenceTouched, setSequenceTouched] = useState(false);

  // Validation reads what the form knows about the chosen customer and sites at submit time.
  const context = useRef<NewServiceContext & { exists: boolean }>({
    customerCode: undefined,
    asiteNumber: undefined,
    bsiteNumber: undefined,
    bsiteName: undefined,
    exists: false,
  });
  const schemaCheck = useMemo(
    () => zodResolver(serviceCreateSchema, (v: NewServiceFormValues) => toServiceCreate(v, context.current)),
    [],
  );
  const form = useForm<NewServiceFormValues>({
    initialValues: blankNewServiceValues(),
    validate: (values) => {
      const errors: FormErrors = schemaCheck(values);
      if (!errors.serviceid && context.current.exists) errors.serviceid = serviceMessages.exists;
      return errors;
    },
  });
  const values = form.values;

  const customer = customers.data?.find((c) => String(c.customerid) === values.customerid);
  const providerId =
    portal.data?.provider.customerid ?? customers.data?.find((c) => c.isprovider)?.customerid;
  const providerName = portal.data?.provider.name ?? 'Provider';
  const customerSites = useSiteOptions({ customerid: customer?.customerid }, opened && Boolean(customer));
  const providerSites = useSiteOptions(
    { customerid: providerId },
    opened && providerId !== undefined && providerId !== customer?.customerid,
  );

  // Spec 5: pickers never offer disabled sites. The B end may also be one of the provider's sites
  // (its PoPs, the internet site).
  const aSites = selectableSites(customerSites.data ?? []);
  const ownB = providerId === customer?.customerid ? [] : selectableSites(providerSites.data ?? []);
  const asite = aSites.find((s) => String(s.siteid) === values.aendsiteid);
  const bsite = [...aSites, ...ownB].find((s) => String(s.siteid) === values.bendsiteid);

  const code = customer ? customer.code || customer.customercode : undefined;
  const ctx: NewServiceContext = {
    customerCode: code,
    asiteNumber: asite?.sitenumber,
    bsiteNumber: bsite?.sitenumber,
    bsiteName: bsite?.sitename,
  };
  const serviceid = composeServiceId(values, ctx);
  const idValid = isValidServiceId(serviceid);
  const [checkedId] = useDebouncedValue(serviceid, 300);
  const exists = useServiceExists(checkedId, opened && isValidServiceId(checkedId));
  const existsNow = idValid && checkedId === serviceid && exists.data === true;
  context.current = { ...ctx, exists: existsNow };

  // Spec 5: similar services (same two sites) are listed, and they tell the next free sequence.
  const similar = useServices(
    { limit: 100, offset: 0, aendsiteid: asite?.siteid, bendsiteid: bsite?.siteid, sort: 'serviceid' },
    opened && Boolean(asite && bsite),
  );
  const prefix =
    code && asite && bsite ? composeServiceId({ sequence: 0, letter: 'A' }, ctx).slice(0, -3) : '';
  const suggested =
    prefix && similar.data && !similar.isPlaceholderData
      ? nextSequence(
          similar.data.results.map((s) => s.serviceid),
          prefix,
        )
      : null;
  // Until the user picks a sequence, it follows the next free one for the chosen pair. Only a real
  // change is written, so this settles after one render.
  const currentSequence = Number(values.sequence);
  useEffect(() => {
    if (suggested !== null && !sequenceTouched && currentSequence !== suggested)
      form.setFieldValue('sequence', suggested);
  }, [suggested, sequenceTouched, currentSequence, form.setFieldValue]);

  const logicalB = hasLogicalBEnd(values.letter);

  const close = () => {
    form.reset();
    setSections([]);
    setSequenceTouched(false);
    onClose();
  };

  const chooseCustomer = (value: string | null) => {
    form.setValues({ customerid: value ?? '', aendsiteid: '', bendsiteid: '' });
  };

  // A site's address pre-fills its end's patching address, unless the user typed one of their own.
  const chooseSite = (end: 'a' | 'b', value: string | null, sites: Site[]) => {
    const field = end === 'a' ? 'aendsiteid' : 'bendsiteid';
    const previous = sites.find((s) => String(s.siteid) === values[field]);
    const next = sites.find((s) => String(s.siteid) === value);
    form.setFieldValue(field, value ?? '');
    const addressField = end === 'a' ? 'patching.aendaddress' : 'patching.bendaddress';
    const current = values.patching[end === 'a' ? 'aendaddress' : 'bendaddress'];
    if (current === '' || (previous && current === siteAddress(previous)))
      form.setFieldValue(addressField, next ? siteAddress(next) : '');
  };

  // Spec 5: B prefills 1G and D 10G; a prefilled speed follows the type until the user changes it.
  const chooseLetter = (letter: string | null) => {
    const previousDefault = defaultSpeedFor(values.letter);
    const nextDefault = defaultSpeedFor(letter ?? '');
    form.setFieldValue('letter', letter ?? '');
    const untouched = values.speed === '' || values.speed === previousDefault;
    if (untouched) form.setFieldValue('speed', nextDefault ?? '');
  };

  const submit = form.onSubmit(
    (submitted) => {
      const body = toServiceCreate(submitted, context.current);
      createService.mutate(body, {
        onSuccess: () => {
          notify.success(serviceMessages.created(body.serviceid));
          close();
          navigate(serviceRoute(body.serviceid));
        },
        onError: (error) => reportFormError(form, error, serviceMessages.createFailed),
      });
    },
    // Problems inside a collapsed section open it, so the message is never out of sight.
    (errors) => {
      const keys = Object.keys(errors);
      const open = new Set(sections);
      if (keys.some((k) => k.startsWith('patching.'))) open.add('patching');
      if (keys.some((k) => k.endsWith('portid'))) open.add('handoffs');
      setSections([...open]);
    },
  );

  const customerOptions = (customers.data ?? []).map((c) => ({
    value: String(c.customerid),
    label: `${c.customername} (${c.code || c.customercode})`,
  }));
  const bOptions = [
    ...(aSites.length
      ? [{ group: customer ? `${customer.customername} sites` : 'Sites', items: aSites.map(siteOption) }]
      : []),
    ...(ownB.length ? [{ group: `${providerName} sites`, items: ownB.map(siteOption) }] : []),
  ];
  const sitesLoading = Boolean(customer) && (customerSites.isPending || providerSites.isFetching);

  return (
    <Modal
      opened={opened}
      onClose={close}
      title="New service"
      size="xl"
      fullScreen={fullScreen}
      closeOnClickOutside={false}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="lg">
          <Section title="Identity">
            <Select
              label="Customer"
              required
              searchable
              data-autofocus
              placeholder={customers.isPending ? 'Loading customers…' : 'Choose a customer'}
              nothingFoundMessage="No matching customer"
              data={customerOptions}
              {...form.getInputProps('customerid')}
              onChange={chooseCustomer}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label="Site A"
                required
                searchable
                disabled={!customer}
                placeholder={
                  !customer ? 'Choose the customer first' : sitesLoading ? 'Loading sites…' : 'Choose site A'
                }
                nothingFoundMessage="No enabled site matches"
                data={aSites.map(siteOption)}
                {...form.getInputProps('aendsiteid')}
                onChange={(value) => chooseSite('a', value, aSites)}
              />
              <Select
                label="Site B"
                required
                searchable
                disabled={!customer}
                placeholder={
                  !customer ? 'Choose the customer first' : sitesLoading ? 'Loading sites…' : 'Choose site B'
                }
                description="A customer site or one of the provider's sites"
                nothingFoundMessage="No enabled site matches"
                data={bOptions}
                {...form.getInputProps('bendsiteid')}
                onChange={(value) => chooseSite('b', value, [...aSites, ...ownB])}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <NumberInput
                label="Sequence"
                description="1 to 99, keeps services between the same two sites apart"
                required
                min={1}
                max={99}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('sequence')}
                onChange={(value) => {
                  setSequenceTouched(true);
                  form.setFieldValue('sequence', value);
                }}
              />
              <Select
                label="Type"
                required
                searchable
                placeholder="Choose a type"
                data={serviceLetters.map((letter) => ({
                  value: letter,
                  label: `${letter} · ${serviceTypes[letter].name}`,
                }))}
                {...form.getInputProps('letter')}
                onChange={chooseLetter}
              />
            </SimpleGrid>
            <ServiceIdPreview
              serviceid={serviceid}
              valid={idValid}
              checking={idValid && (checkedId !== serviceid || exists.isFetching)}
              exists={existsNow}
              error={form.errors.serviceid}
            />
            {asite && bsite && (
              <SimilarServices
                loading={similar.isPending}
                services={similar.data?.results ?? []}
                suggested={suggested}
                sequence={values.sequence}
                onUseSuggested={(value) => {
                  setSequenceTouched(true);
                  form.setFieldValue('sequence', value);
                }}
              />
            )}
          </Section>
          <Divider />
          <Section title="Details">
            <TextInput label="Description" required {...form.getInputProps('description')} />
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <Autocomplete
                label="Speed"
                placeholder="e.g. 1G"
                description={`Usually ${speedHints.join(' or ')}`}
                data={speedOptions}
                {...form.getInputProps('speed')}
              />
              <Select
                label="Diversity"
                required
                placeholder="Primary or Backup"
                data={[...diversities]}
                {...form.getInputProps('diversity')}
              />
              <Select
                label="Status"
                required
                placeholder="Choose a status"
                data={Object.entries(serviceStatuses).map(([value, label]) => ({ value, label }))}
                {...form.getInputProps('status')}
              />
            </SimpleGrid>
            <Grid>
              <Grid.Col span={{ base: 12, sm: 4 }}>
                <TextInput
                  label="Provisioning date"
                  type="date"
                  required
                  {...form.getInputProps('provisiondate')}
                />
              </Grid.Col>
              <Grid.Col span={{ base: 12, sm: 8 }}>
                <TextInput
                  label="Path"
                  placeholder="Route through the network"
                  {...form.getInputProps('path')}
                />
              </Grid.Col>
            </Grid>
            <Textarea label="Notes" autosize minRows={2} {...form.getInputProps('notes')} />
          </Section>
          <Accordion multiple value={sections} onChange={setSections} variant="separated">
            <Accordion.Item value="handoffs">
              <Accordion.Control>Handoffs and port ids (optional)</Accordion.Control>
              <Accordion.Panel>
                <Stack gap="sm">
                  <HandoffFinder
                    serviceid={serviceid}
                    selected={{ A: values.aendportid, B: values.bendportid }}
                    onPick={(end, port) => {
                      const endKey = end === 'A' ? 'a' : 'b';
                      form.setFieldValue(end === 'A' ? 'aendportid' : 'bendportid', port.uuid);
                      // The port's name goes into the patching too, unless one is there already.
                      if (values.patching[`${endKey}endport`] === '' && !(end === 'B' && logicalB))
                        form.setFieldValue(`patching.${endKey}endport`, port.port);
                    }}
                  />
                  <SimpleGrid cols={{ base: 1, sm: 3 }}>
                    <TextInput label="A end port id" {...form.getInputProps('aendportid')} />
                    <TextInput label="B end port id" {...form.getInputProps('bendportid')} />
                    <TextInput label="Juniper port id" {...form.getInputProps('juniperportid')} />
                  </SimpleGrid>
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
            <Accordion.Item value="patching">
              <Accordion.Control>Patching (optional)</Accordion.Control>
              <Accordion.Panel>
                <PatchingFields form={form} hideBEnd={logicalB} bsiteName={bsite?.sitename} />
              </Accordion.Panel>
            </Accordion.Item>
          </Accordion>
          {form.errors[formLevelKey] && (
            <Text c="red" fz="sm" role="alert">
              {form.errors[formLevelKey]}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" loading={createService.isPending} disabled={existsNow}>
              Create service
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function ServiceIdPreview({
  serviceid,
  valid,
  checking,
  exists,
  error,
}: {
  serviceid: string;
  valid: boolean;
  checking: boolean;
  exists: boolean;
  error: ReactNode;
}) {
  let status: ReactNode;
  if (!serviceid) {
    status = (
      <Text fz="sm" c="dimmed">
        Choose the customer, both sites, a sequence and a type.
      </Text>
    );
  } else if (!valid) {
    status = (
      <Group gap={6} c="red">
        <IconAlertTriangle size={16} aria-hidden="true" />
        <Text fz="sm">{serviceMessages.idInvalid}</Text>
      </Group>
    );
  } else if (checking) {
    status = (
      <Group gap={6}>
        <Loader size={14} />
        <Text fz="sm" c="dimmed">
          Checking the id…
        </Text>
      </Group>
    );
  } else if (exists) {
    status = (
      <Group gap={6} c="red">
        <IconAlertTriangle size={16} aria-hidden="true" />
        <Text fz="sm">{serviceMessages.exists}</Text>
      </Group>
    );
  } else {
    status = (
      <Group gap={6} c="teal.7">
        <IconCircleCheck size={16} aria-hidden="true" />
        <Text fz="sm">Available</Text>
      </Group>
    );
  }
  return (
    <Paper withBorder radius="md" p="sm" bg="var(--lp-color-page)">
      <Group justify="space-between" gap="xs">
        <Stack gap={2}>
          <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
            Service id
          </Text>
          <Text fz="lg" fw={700} ff="monospace" aria-live="polite" style={{ overflowWrap: 'anywhere' }}>
            {serviceid || '—'}
          </Text>
        </Stack>
        <div aria-live="polite">{status}</div>
      </Group>
      {error && !(exists || (serviceid && !valid)) && (
        <Text c="red" fz="sm" mt={4} role="alert">
          {error}
        </Text>
      )}
    </Paper>
  );
}

function SimilarServices({
  loading,
  services,
  suggested,
  sequence,
  onUseSuggested,
}: {
  loading: boolean;
  services: { serviceid: string; description: string; status: number }[];
  suggested: number | null;
  sequence: number | string;
  onUseSuggested: (value: number) => void;
}) {
  if (loading)
    return (
      <Group gap={6}>
        <Loader size={14} />
        <Text fz="sm" c="dimmed">
          Looking for services between these sites…
        </Text>
      </Group>
    );
  return (
    <Stack gap={6}>
      <Group justify="space-between" gap="xs">
        <Text fz="sm" fw={600}>
          {services.length === 0
            ? 'No other services run between these sites'
            : `Similar services (${services.length})`}
        </Text>
        {suggested !== null && Number(sequence) !== suggested && (
          <Button size="compact-xs" variant="subtle" onClick={() => onUseSuggested(suggested)}>
            Use next free sequence ({String(suggested).padStart(2, '0')})
          </Button>
        )}
      </Group>
      {services.length > 0 && (
        <Stack gap={4} mah={160} style={{ overflowY: 'auto' }}>
          {services.map((service) => (
            <Group key={service.serviceid} gap={6} wrap="nowrap">
              <ServiceTypeBadge serviceid={service.serviceid} size="xs" />
              <Anchor
                href={serviceRoute(service.serviceid)}
                target="_blank"
                rel="noopener"
                fz="sm"
                ff="monospace"
                style={{ whiteSpace: 'nowrap' }}
              >
                {service.serviceid}
                <IconExternalLink
                  size={12}
                  style={{ marginLeft: 2, verticalAlign: 'middle' }}
                  aria-label="(opens in a new tab)"
                />
              </Anchor>
              <Text fz="xs" c="dimmed" truncate style={{ flex: 1 }}>
                {service.description}
              </Text>
              {service.status !== 1 && <ServiceStatusBadge status={service.status} size="xs" />}
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
