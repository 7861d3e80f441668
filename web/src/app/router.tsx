import { BrowserRouter } from 'react-router';
import { PageTransitions } from './page-transitions';

export function AppRouter() {
  return (
    <BrowserRouter>
      <PageTransitions />
    </BrowserRouter>
  );
}
