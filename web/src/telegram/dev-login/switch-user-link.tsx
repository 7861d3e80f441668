import { isStandIn, leaveStandIn } from '../stand-in';
import { texts } from './texts';
import './dev-login.css';

/** In the local stand-in only: back to the user picker. */
export function SwitchUserLink() {
  if (!isStandIn()) return null;
  return (
    <button type="button" className="switch-user-link" onClick={leaveStandIn}>
      {texts.switchUser}
    </button>
  );
}
