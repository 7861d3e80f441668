import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { offlineState } from './offline-redemptions';

/** This device's offline redeeming: its kit, what waits to be sent and what did not stand. */
export const useOfflineState = () => useSyncExternalStore(offlineState.subscribe, offlineState.get);

/** Whether the browser says it has a network (TanStack Query pauses its requests while it has none). */
export const useIsOnline = () =>
  useSyncExternalStore(onlineManager.subscribe, () => onlineManager.isOnline());
