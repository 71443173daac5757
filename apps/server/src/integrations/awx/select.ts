import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { fetchPausedAfterFailure } from '../failure-pause';
import type { IntegrationHealth } from '../health';
import type { Telemetry } from '../telemetry/telemetry';
import type { Awx } from './awx';
import { awxApi } from './awx-api';
import { simulatedAwx } from './simulator';

// The one place that chooses AWX: the real client when AWX_URL and AWX_TOKEN are set (config.ts
// refuses one without the other), otherwise the simulator, whose output is read from `db` and whose
// light levels come from `telemetry` (the app's own, so they match the port pages).
export function awxFor(
  config: Config,
  deps: { db: Db; telemetry: Telemetry; health?: IntegrationHealth },
): Awx {
  if (config.awx) {
    return awxApi({
      url: config.awx.url,
      token: config.awx.token,
      timeoutMs: config.awx.timeoutMs,
      fetch: fetchPausedAfterFailure('AWX', config.externalPauseMs),
      ...(deps.health && { health: deps.health }),
    });
  }
  return simulatedAwx({ db: deps.db, telemetry: deps.telemetry });
}
