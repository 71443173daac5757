import {
  defaultSpeedFor,
  hasLogicalBEnd,
  isValidServiceId,
  serviceCreateSchema,
  serviceMessages,
} from '@lightpath/domain/services';
import { type Site, selectableSites, siteAddress, siteTypes } from '@lightpath/domain/sites';
import { type FormErrors, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { notify } from '../../../lib/notify';
import { usePortalInfo } from '../../../lib/queries/get-portal-info';
import { useAllCustomers } from '../../../lib/queries/list-customers';
import { useServices } from '../../../lib/queries/list-services';
import { useSiteOptions } from '../../../lib/queries/list-site-options';
import { serviceRoute } from '../../../lib/service-links';
import { reportFormError, zodResolver } from '../../../lib/zod-form';
import { useCreateService } from '../api/create-service';
import { useServiceExists } from '../api/get-service';
import type { HandoffPort } from '../handoffs';
import {
  blankNewServiceValues,
  composeServiceId,
  type NewServiceContext,
  type NewServiceFormValues,
  nextSequence,
  toServiceCreate,
} from '../service-form-values';

type Options = { opened: boolean; onClose: () => void };

const siteLabel = (site: Site) =>
  `${site.sitenumber} · ${site.sitename}${site.sitetype === 1 ? '' : ` (${siteTypes[site.sitetype]})`}`;

const siteOption = (site: Site) => ({ value: String(site.siteid), label: siteLabel(site) });

// The New Service form's state: the chosen customer and sites, the composed id and whether it is
// taken, the next free sequence, the pickers' choices and the submit that creates the service.
export function useNewServiceForm({ opened, onClose }: Options) {
  const navigate = useNavigate();
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
  const chooseSite = (end: 'a' | 'b', value: string | null) => {
    const sites = end === 'a' ? aSites : [...aSites, ...ownB];
    const field = end === 'a' ? 'aendsiteid' : 'bendsiteid';
    const previous = sites.find((s) => String(s.siteid) === values[field]);
    const next = sites.find((s) => String(s.siteid) === value);
    form.setFieldValue(field, value ?? '');
    const addressField = end === 'a' ? 'patching.aendaddress' : 'patching.bendaddress';
    const current = values.patching[end === 'a' ? 'aendaddress' : 'bendaddress'];
    if (current === '' || (previous && current === siteAddress(previous)))
      form.setFieldValue(addressField, next ? siteAddress(next) : '');
  };

  // A sequence the user picks (typed, or the suggested one) is kept when the sites change.
  const chooseSequence = (sequence: string | number) => {
    setSequenceTouched(true);
    form.setFieldValue('sequence', sequence);
  };

  // Spec 5: B prefills 1G and D 10G; a prefilled speed follows the type until the user changes it.
  const chooseLetter = (letter: string | null) => {
    const previousDefault = defaultSpeedFor(values.letter);
    const nextDefault = defaultSpeedFor(letter ?? '');
    form.setFieldValue('letter', letter ?? '');
    const untouched = values.speed === '' || values.speed === previousDefault;
    if (untouched) form.setFieldValue('speed', nextDefault ?? '');
  };

  const pickHandoffPort = (end: 'A' | 'B', port: HandoffPort) => {
    const endKey = end === 'A' ? 'a' : 'b';
    form.setFieldValue(end === 'A' ? 'aendportid' : 'bendportid', port.uuid);
    // The port's name goes into the patching too, unless one is there already.
    if (values.patching[`${endKey}endport`] === '' && !(end === 'B' && logicalB))
      form.setFieldValue(`patching.${endKey}endport`, port.port);
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

  return {
    form,
    customer: { chosen: customer, options: customerOptions, loading: customers.isPending },
    sites: { a: asite, b: bsite, aOptions: aSites.map(siteOption), bOptions, loading: sitesLoading },
    serviceId: {
      value: serviceid,
      valid: idValid,
      checking: idValid && (checkedId !== serviceid || exists.isFetching),
      taken: existsNow,
      similar: { loading: similar.isPending, services: similar.data?.results ?? [] },
      suggestedSequence: suggested,
    },
    choose: {
      customer: chooseCustomer,
      site: chooseSite,
      sequence: chooseSequence,
      letter: chooseLetter,
      handoffPort: pickHandoffPort,
    },
    // The type's B end is logical (no patching there).
    logicalB,
    sections: { open: sections, set: setSections },
    close,
    submit,
    submitting: createService.isPending,
  };
}
