import type { Awx } from './awx';
import { awxTemplateNames } from './awx';
import { awxApi } from './awx-api';
import { type AwxDemoDeps, demoPlaybook } from './demo';
import { awxEngine, type FakeAwxTiming } from './fake';

// The portal's AWX when AWX_URL is not set: the real client (awx-api.ts) talking, through an in-process
// fetch, to the same AWX API v2 engine the contract test runs over HTTP (fake.ts), whose job templates
// run the demo network's playbooks (demo.ts). So the simulator exercises the client's every line, and
// a job moves through AWX's states on a clock: pending, waiting, running, then successful or failed,
// about 1.5 s in all by default, its output growing event by event.
//
// Its jobs live in this instance's memory: another instance does not know them, and a restart forgets
// them (docs/decisions/029-awx-client.md, "Two instances").

export const defaultSimulatorTiming: Partial<FakeAwxTiming> = {
  pendingMs: 300,
  waitingMs: 200,
  runMs: 1000,
  processingMs: 100,
};

export type AwxSimulatorOptions = { timing?: Partial<FakeAwxTiming>; now?: () => number };

export function simulatedAwx(deps: AwxDemoDeps, options: AwxSimulatorOptions = {}): Awx {
  const now = options.now ?? Date.now;
  const playbook = demoPlaybook(deps, now);
  const engine = awxEngine({
    templates: awxTemplateNames.map((name) => ({
      name,
      askVariablesOnLaunch: true,
      askLimitOnLaunch: true,
      playbook,
    })),
    timing: { ...defaultSimulatorTiming, ...options.timing },
    now,
  });
  const client = awxApi({ url: 'http://awx.simulator', token: engine.token, fetch: engine.fetch, now });
  return { ...client, kind: 'simulator' };
}
