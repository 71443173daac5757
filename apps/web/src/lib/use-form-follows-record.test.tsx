import { useForm } from '@mantine/form';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useFormFollowsRecord } from './use-form-follows-record';

type Item = { id: number; name: string };
const valuesOf = (item: Item) => ({ name: item.name });

let form: ReturnType<typeof useForm<{ name: string }>> | null = null;
let renders = 0;

function NameForm({ item }: { item: Item }) {
  renders += 1;
  const edit = useForm({ initialValues: valuesOf(item) });
  form = edit;
  useFormFollowsRecord(edit, item, valuesOf);
  return <output aria-label="name">{edit.values.name}</output>;
}

afterEach(() => {
  cleanup();
  form = null;
  renders = 0;
});

describe('useFormFollowsRecord', () => {
  it('settles after the first render instead of re-applying the same record on every render', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<NameForm item={{ id: 1, name: 'Northgate PoP' }} />);
    // One render, plus at most one more from the mount effect; the old effect rendered until React gave up.
    expect(renders).toBeLessThanOrEqual(2);
    expect(consoleError).not.toHaveBeenCalled();
    consoleError.mockRestore();
  });

  it('shows a new record from the server and makes it the baseline', () => {
    const view = render(<NameForm item={{ id: 1, name: 'Northgate PoP' }} />);
    view.rerender(<NameForm item={{ id: 1, name: 'Northgate PoP (renamed)' }} />);
    expect(screen.getByLabelText('name').textContent).toBe('Northgate PoP (renamed)');
    expect(form?.isDirty()).toBe(false);
  });

  it('never replaces unsaved edits', () => {
    const view = render(<NameForm item={{ id: 1, name: 'Northgate PoP' }} />);
    act(() => form?.setFieldValue('name', 'My edit'));
    view.rerender(<NameForm item={{ id: 1, name: 'Someone else’s edit' }} />);
    expect(screen.getByLabelText('name').textContent).toBe('My edit');
  });
});
