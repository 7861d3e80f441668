import { useCallback } from 'react';
import { paths } from '@/config/paths';
import { useLocation, useNavigate } from '@/lib/router/router';

/**
 * Goes one step back in the app's history. A screen opened directly (a deep link, the first
 * screen of a launch) has nothing behind it, so it goes to Home instead of leaving the app.
 */
export function useGoBack() {
  const navigate = useNavigate();
  const { index } = useLocation();

  return useCallback(() => {
    if (index > 0) navigate(-1);
    else navigate(paths.home.getHref(), { replace: true });
  }, [index, navigate]);
}
