import { useCallback, useRef, useState } from 'react';

const itself = (node: HTMLElement) => node;

// A wizard's current step. Going to a step moves the focus into it once its content mounts (give
// `focusOnArrival` as the ref of the step's heading or wrapper), so keyboard users carry on from
// there and a screen reader announces where they are. `target` picks the element to focus within the
// node; by default the node itself (a heading with tabIndex -1).
export function useWizardStep<Step extends number>(
  first: Step,
  target: (node: HTMLElement) => HTMLElement | null = itself,
) {
  const [active, setActive] = useState<Step>(first);
  const moveFocus = useRef(false);
  const targetRef = useRef(target);
  targetRef.current = target;
  const focusOnArrival = useCallback((node: HTMLElement | null) => {
    if (!node || !moveFocus.current) return;
    moveFocus.current = false;
    targetRef.current(node)?.focus();
  }, []);
  const goTo = useCallback((step: Step) => {
    moveFocus.current = true;
    setActive(step);
  }, []);
  return { active, goTo, focusOnArrival };
}
