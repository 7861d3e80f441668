import { BrowserRouter } from 'react-router';
import { SettingsButtonOpensPrivacy } from '@/telegram/settings-button';
import { OpensStartScreen } from '@/telegram/start-param';
import { PageTransitions } from './page-transitions';

export function AppRouter() {
  return (
    <BrowserRouter>
      <PageTransitions />
      <SettingsButtonOpensPrivacy />
      <OpensStartScreen />
    </BrowserRouter>
  );
}
