import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Goes one step back in the app's history. A screen opened directly (a deep link, the first
 * screen of a launch) has nothing behind it, so it goes to Home instead of leaving the app.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const { key } = useLocation();

  return useCallback(() => {
    // In the browser React Router numbers its entries in history.state.idx, and a replaced entry
    // keeps its number; an in-memory router has no such state, only the first location's key.
    const index = (window.history.state as { idx?: number } | null)?.idx;
    const hasHistory = index === undefined ? key !== 'default' : index > 0;
    if (hasHistory) navigate(-1);
    else navigate(paths.home.getHref(), { replace: true });
  }, [key, navigate]);
}
