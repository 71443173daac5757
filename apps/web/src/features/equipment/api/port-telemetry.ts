import {
  portLightHistorySchema,
  portLightLevelsSchema,
  portOperationalStatusSchema,
  portSchema,
  portTrafficHistorySchema,
  portTrafficValuesSchema,
} from '@lightpath/domain/telemetry';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

// The port view's reads (spec 7.7 GET port/{portid}/…). Port ids carry slashes-free device and
// interface names, but are still encoded: they are text from the URL.
const portPath = (portid: string, rest = '') => `port/${encodeURIComponent(portid)}${rest}`;

// The port's reply names its shelf (null for a port on no shelf the portal knows), so the service
// page's port link can open that shelf.
export function getPort(portid: string, signal?: AbortSignal) {
  return apiRequest(portPath(portid), { reply: portSchema, signal });
}

export function usePort(portid: string, enabled = true) {
  return useQuery({
    queryKey: ['equipment', 'port', portid],
    queryFn: ({ signal }) => getPort(portid, signal),
    enabled: enabled && portid !== '',
    retry: false,
  });
}

// How far back the port view's history charts look: a day shows a flapping optic's pattern.
export const portHistoryHours = 24;

// Telemetry changes on its own; the drawer reads it fresh each time it opens and every five minutes.
const live = { refetchInterval: 5 * 60_000, retry: 1, staleTime: 0 } as const;

export function usePortLightLevels(portid: string) {
  return useQuery({
    queryKey: ['equipment', 'port', portid, 'lightlevels'],
    queryFn: ({ signal }) =>
      apiRequest(portPath(portid, '/lightlevels'), { reply: portLightLevelsSchema, signal }),
    ...live,
  });
}

export function usePortTrafficValues(portid: string) {
  return useQuery({
    queryKey: ['equipment', 'port', portid, 'trafficvalues'],
    queryFn: ({ signal }) =>
      apiRequest(portPath(portid, '/trafficvalues'), { reply: portTrafficValuesSchema, signal }),
    ...live,
  });
}

export function usePortOperationalStatus(portid: string) {
  return useQuery({
    queryKey: ['equipment', 'port', portid, 'operationalstatus'],
    queryFn: ({ signal }) =>
      apiRequest(portPath(portid, '/operationalstatus'), { reply: portOperationalStatusSchema, signal }),
    ...live,
  });
}

export function usePortLightHistory(portid: string, hours = portHistoryHours) {
  return useQuery({
    queryKey: ['equipment', 'port', portid, 'lighthistory', hours],
    queryFn: ({ signal }) =>
      apiRequest(portPath(portid, `/lighthistory/${hours}`), { reply: portLightHistorySchema, signal }),
    ...live,
  });
}

export function usePortTrafficHistory(portid: string, hours = portHistoryHours) {
  return useQuery({
    queryKey: ['equipment', 'port', portid, 'traffichistory', hours],
    queryFn: ({ signal }) =>
      apiRequest(portPath(portid, `/traffichistory/${hours}`), { reply: portTrafficHistorySchema, signal }),
    ...live,
  });
}
