import { useEffect, useState } from 'react';

/**
 * A switch's box as the person left it, changed in the very event of their tap (a box that waits
 * for the held data to change flips back for a moment), and as the held data says whenever that
 * changes. The caller puts it back when the save is refused.
 */
export function useShownChoice(held: boolean): [boolean, (choice: boolean) => void] {
  const [shown, setShown] = useState(held);
  useEffect(() => setShown(held), [held]);
  return [shown, setShown];
}
