// What the portal asks of Zabbix (issue 14, spec 7.7 muted notifications): find triggers by host or
// name, read their state, and mute and unmute one. A mute disables the trigger (trigger.update status
// 1) and an unmute enables it again, on 6.0 and 7.0 alike: it is the one mechanism that is per trigger,
// immediate, and verified against a real server here (docs/zabbix-peer.md; the decision record names
// why maintenance and 7.0's suppress were not chosen). Who muted, why and until when are the portal's
// own records: Zabbix keeps none of them for a disabled trigger.

export type ZabbixHost = { hostid: string; host: string; name: string };

export type ZabbixTrigger = {
  triggerid: string;
  // With {HOST.NAME} and other macros filled in.
  description: string;
  // Zabbix severity: 0 not classified, 1 information, 2 warning, 3 average, 4 high, 5 disaster.
  priority: number;
  // False while muted (disabled).
  enabled: boolean;
  // True while the trigger is in the problem state.
  problem: boolean;
  // Unix seconds of the last change of state.
  lastchange: number;
  host: ZabbixHost;
};

// A current problem (an unresolved trigger event): what an alarm on a shelf is made of.
export type ZabbixProblem = {
  eventid: string;
  triggerid: string;
  // The problem's name as Zabbix resolved it when the problem began (macros filled in).
  name: string;
  // The problem's current severity, 0 to 5 as the trigger's priority.
  severity: number;
  // Unix seconds when the problem began.
  clock: number;
  acknowledged: boolean;
  // The technical host name, which the portal's shelves carry.
  host: string;
};

export type Zabbix = {
  // 'x.y.z' as apiinfo.version answers.
  version: () => Promise<string>;
  // Triggers whose host (technical or visible name) or description contains `text`, at most `limit`.
  searchTriggers: (text: string, limit: number) => Promise<ZabbixTrigger[]>;
  // The named triggers as they are now; an id Zabbix does not know is left out.
  getTriggers: (triggerids: string[]) => Promise<ZabbixTrigger[]>;
  mute: (triggerid: string) => Promise<void>;
  unmute: (triggerid: string) => Promise<void>;
  // Every current problem of an enabled trigger, newest first. A muted (disabled) trigger's problem is
  // left out: Zabbix neither resolves nor deletes it, but hides it as its own Problems screen does.
  listProblems: () => Promise<ZabbixProblem[]>;
};

// `unavailable`: Zabbix did not answer (down, timed out, not JSON), the page says so with a 502-class
// message; `refused`: it answered with an error (a bad id, no permission, a wrong password).
export class ZabbixError extends Error {
  constructor(
    message: string,
    readonly kind: 'unavailable' | 'refused',
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'ZabbixError';
  }
}
