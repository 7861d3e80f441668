import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { useOncePerPress } from '@/hooks/use-once-per-press';

type StateToggleButtonProps = {
  children: ReactNode;
  disabled?: boolean;
  /** Asks for the change; calls `release` when it fails, so the next press may try again. */
  act: (release: () => void) => void;
};

/**
 * A button that flips a state on the server (pause, withdraw). Give it the state as its `key`: it
 * acts once per press and stays held until the list shows the new state and mounts it afresh, so
 * the second tap of a double tap cannot undo the first.
 */
export function StateToggleButton({ children, disabled, act }: StateToggleButtonProps) {
  const press = useOncePerPress();
  return (
    <Button variant="secondary" disabled={disabled} onClick={() => press.press(() => act(press.release))}>
      {children}
    </Button>
  );
}
