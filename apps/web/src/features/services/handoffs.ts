// The handoff finder's reply (spec 7.3): candidate ports for each end, sorted by how sure it is.
export type HandoffPort = { port: string; uuid: string };
export type HandoffResult = {
  aConfident: HandoffPort[];
  bConfident: HandoffPort[];
  aMaybe: HandoffPort[];
  bMaybe: HandoffPort[];
  unsure: HandoffPort[];
};

export type HandoffEnd = 'A' | 'B' | 'either';
export type HandoffConfidence = 'confident' | 'maybe' | 'unsure';
export type HandoffChoice = HandoffPort & { end: HandoffEnd; confidence: HandoffConfidence };

const groups: [keyof HandoffResult, HandoffEnd, HandoffConfidence][] = [
  ['aConfident', 'A', 'confident'],
  ['bConfident', 'B', 'confident'],
  ['aMaybe', 'A', 'maybe'],
  ['bMaybe', 'B', 'maybe'],
  ['unsure', 'either', 'unsure'],
];

// One flat list, surest first, so the picker can show the ports in the order worth trying. A port the
// finder lists twice keeps its surest reading.
export function handoffChoices(result: Partial<HandoffResult>): HandoffChoice[] {
  const seen = new Set<string>();
  const choices: HandoffChoice[] = [];
  for (const [key, end, confidence] of groups) {
    for (const port of result[key] ?? []) {
      const identity = `${end}:${port.uuid}`;
      if (seen.has(identity)) continue;
      seen.add(identity);
      choices.push({ ...port, end, confidence });
    }
  }
  return choices;
}

export function choicesFor(choices: readonly HandoffChoice[], end: 'A' | 'B'): HandoffChoice[] {
  return choices.filter((choice) => choice.end === end || choice.end === 'either');
}
