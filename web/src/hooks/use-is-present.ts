import { createContext, useContext } from 'react';

/**
 * False for a screen on its way out during a page transition (it is still drawn for a moment).
 * Outside any transition, a screen is present.
 */
export const PresenceContext = createContext(true);

export const useIsPresent = () => useContext(PresenceContext);
