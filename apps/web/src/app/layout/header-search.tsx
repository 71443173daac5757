import { ActionIcon, Box, Kbd, Popover, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNavigate } from 'react-router';

export function searchPath(text: string): string | null {
  const trimmed = text.trim();
  return trimmed ? `/functions/search-result/${encodeURIComponent(trimmed)}` : null;
}

function typingInField(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

// '/' jumps to the search box from anywhere that is not already a text field (and no modal is open).
function useSlashToFocus(onSlash: () => void) {
  const fire = useEffectEvent(onSlash);
  useEffect(() => {
    const listener = (event: globalThis.KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey) return;
      if (typingInField(event.target) || document.querySelector('[role="dialog"][aria-modal="true"]')) return;
      event.preventDefault();
      fire();
    };
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}

export function HeaderSearch() {
  const navigate = useNavigate();
  const [value, setValue] = useState('');
  const [mobileOpen, setMobileOpen] = useState(false);
  const wideInput = useRef<HTMLInputElement>(null);
  const narrowInput = useRef<HTMLInputElement>(null);

  useSlashToFocus(() => {
    // The wide box is display:none on a phone; open the compact one instead.
    if (wideInput.current?.offsetParent) wideInput.current.focus();
    else setMobileOpen(true);
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      const path = searchPath(value);
      if (!path) return;
      navigate(path);
      setMobileOpen(false);
      event.currentTarget.blur();
    } else if (event.key === 'Escape') {
      event.currentTarget.blur();
      setMobileOpen(false);
    }
  };

  const input = (ref: typeof wideInput, autoFocus: boolean) => (
    <TextInput
      ref={ref}
      value={value}
      onChange={(event) => setValue(event.currentTarget.value)}
      onKeyDown={onKeyDown}
      placeholder="Search services, sites, users…"
      aria-label="Search"
      type="search"
      autoFocus={autoFocus}
      leftSection={<IconSearch size={16} />}
      rightSection={autoFocus ? null : <Kbd size="xs">/</Kbd>}
      rightSectionPointerEvents="none"
      radius="xl"
      w="100%"
    />
  );

  return (
    <>
      <Box visibleFrom="md" style={{ flex: 1, maxWidth: 420, minWidth: 180 }}>
        {input(wideInput, false)}
      </Box>
      <Popover
        opened={mobileOpen}
        onChange={setMobileOpen}
        width={300}
        position="bottom"
        shadow="md"
        trapFocus
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            aria-label="Search"
            hiddenFrom="md"
            onClick={() => setMobileOpen((o) => !o)}
          >
            <IconSearch size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown>{input(narrowInput, true)}</Popover.Dropdown>
      </Popover>
    </>
  );
}
