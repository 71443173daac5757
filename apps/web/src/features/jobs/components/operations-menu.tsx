import { type AwxOperation, awxOperationInfo } from '@lightpath/domain/awx';
import { Button, Menu } from '@mantine/core';
import { IconChevronDown, IconTerminal2 } from '@tabler/icons-react';
import { Fragment, useState } from 'react';
import { operationGroups } from '../operation-groups';
import { type OperationShelf, RunOperationModal } from './run-operation-modal';

// The shelf page's Operations menu (spec 7.7): every device operation by group; choosing one opens the
// dialog for it on this shelf.
export function OperationsMenu({ shelf }: { shelf: OperationShelf }) {
  const [chosen, setChosen] = useState<AwxOperation | null>(null);
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            leftSection={<IconTerminal2 size={16} />}
            rightSection={<IconChevronDown size={14} />}
          >
            Operations
          </Button>
        </Menu.Target>
        <Menu.Dropdown mah={420} style={{ overflowY: 'auto' }}>
          {operationGroups.map((group, index) => (
            <Fragment key={group.label}>
              {index > 0 && <Menu.Divider />}
              <Menu.Label>{group.label}</Menu.Label>
              {group.operations.map((operation) => (
                <Menu.Item
                  key={operation}
                  onClick={() => setChosen(operation)}
                  c={awxOperationInfo[operation].changes ? 'red' : undefined}
                >
                  {awxOperationInfo[operation].label}
                  {awxOperationInfo[operation].changes ? '…' : ''}
                </Menu.Item>
              ))}
            </Fragment>
          ))}
        </Menu.Dropdown>
      </Menu>
      {chosen && (
        <RunOperationModal
          key={chosen}
          shelves={[shelf]}
          operation={chosen}
          onClose={() => setChosen(null)}
        />
      )}
    </>
  );
}
