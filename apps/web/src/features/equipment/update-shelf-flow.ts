import {
  type ShelfCheck,
  type ShelfCheckState,
  shelfCheckStates,
  shelfUpdateTexts,
} from '@lightpath/domain/equipment';

// The Update Shelf dialog (spec 2.6, 4) as a small state machine: where it is, the text it shows and
// whether the Update button is offered.
export type UpdateFlow = {
  state: ShelfCheckState;
  text: string | null;
  tone: 'neutral' | 'good' | 'bad' | 'attention';
  canUpdate: boolean;
  differences: ShelfCheck['differences'];
};

export const idleFlow: UpdateFlow = {
  state: shelfCheckStates.notChecked,
  text: null,
  tone: 'neutral',
  canUpdate: false,
  differences: [],
};

export function runningFlow(action: 'check' | 'update'): UpdateFlow {
  return {
    ...idleFlow,
    state: action === 'check' ? shelfCheckStates.checking : shelfCheckStates.updating,
  };
}

// The check's reply: state 0 (the device could not be reached) or 2, up to date or not. The server's
// message is the text when it sends one; the spec's own text otherwise.
export function checkedFlow(shelf: string, check: ShelfCheck, message: string | undefined): UpdateFlow {
  if (check.state !== shelfCheckStates.checked) {
    return { ...idleFlow, text: message ?? shelfUpdateTexts.couldNotCheck(shelf), tone: 'bad' };
  }
  if (check.uptodate) {
    return {
      ...idleFlow,
      state: shelfCheckStates.checked,
      text: message ?? shelfUpdateTexts.upToDate(shelf),
      tone: 'good',
    };
  }
  return {
    state: shelfCheckStates.checked,
    text: message ?? shelfUpdateTexts.needsUpdate(shelf),
    tone: 'attention',
    canUpdate: true,
    differences: check.differences,
  };
}

export function updatedFlow(shelf: string, message: string | undefined): UpdateFlow {
  return {
    ...idleFlow,
    state: shelfCheckStates.finished,
    text: message ?? shelfUpdateTexts.updated(shelf),
    tone: 'good',
  };
}

// A failed update goes back to the checked state, so it can be tried again.
export function failedFlow(previous: UpdateFlow, text: string): UpdateFlow {
  return { ...previous, state: shelfCheckStates.checked, text, tone: 'bad', canUpdate: true };
}

export function couldNotCheckFlow(text: string): UpdateFlow {
  return { ...idleFlow, text, tone: 'bad' };
}

export const stateLabels: Record<ShelfCheckState, string> = {
  0: 'Not checked',
  1: 'Checking',
  2: 'Checked',
  3: 'Updating',
  4: 'Updated',
};
