import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { sendGeoPoint } from '@/features/geo/api/send-geo-point';
import { RecordedTracks } from '@/features/geo/components/recorded-tracks';
import { type GeoTrackingProblem, useGeoTracking } from '@/features/geo/hooks/use-geo-tracking';
import { geoTexts } from '@/features/geo/texts';
import { useUser } from '@/features/session/api/get-me';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { Page } from '@/messenger/page';
import { popup } from '@/messenger/popup';
import { texts } from './texts';
import './geo-page.css';

const problemTexts: Record<GeoTrackingProblem, string> = {
  denied: texts.geolocationDenied,
  unsupported: texts.geolocationUnsupported,
};

function GeoRecorder({ username }: { username: string | null }) {
  const tracking = useGeoTracking({
    username,
    sendPoint: sendGeoPoint,
    // SPEC's alerts: in the messenger's popup where it has one, else the browser's.
    onProblem: (problem) => {
      const messengerPopup = popup();
      if (messengerPopup) void messengerPopup.alert(problemTexts[problem]);
      else window.alert(problemTexts[problem]);
    },
  });

  const status = tracking.active
    ? tracking.sent === 0
      ? texts.waiting
      : texts.recording(geoTexts.pointCount(tracking.sent))
    : tracking.stoppedShown
      ? texts.stopped
      : texts.idle;

  return (
    <>
      <Button
        variant={tracking.active ? 'secondary' : 'primary'}
        onClick={tracking.active ? tracking.stop : tracking.start}
      >
        {tracking.active ? texts.stop : texts.start}
      </Button>
      <p className="geo__status" role="status" data-active={tracking.active || undefined}>
        {status}
      </p>
      {tracking.active && tracking.lastSendFailed && <Notice tone="error">{texts.sendFailed}</Notice>}
    </>
  );
}

/** Geo service (SPEC §2, §4): live location sharing for admins, and the tracks recorded so far. */
export function GeoPage() {
  const user = useUser();

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <GeoRecorder username={user?.username ?? null} />
          <RecordedTracks />
        </RoleGate>
      </Stack>
    </Page>
  );
}
