import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { TGeoPoint, TGeoPointType } from '#contract/geo';
import { geoKeys } from '@/lib/query-keys';
import { canWatchPosition, type Position, watchPosition } from './position-watch';

/** SPEC §4, §9: the first point about 2 s after start, then one every 60 s; "stopped" shows 3.5 s. */
const FIRST_POINT_DELAY_MS = 2000;
const POINT_INTERVAL_MS = 60_000;
const STOPPED_STATUS_MS = 3500;

/** unsupported: no geolocation at all; denied: refused, or the position could not be had. */
export type GeoTrackingProblem = 'unsupported' | 'denied';

type Options = {
  username: string | null;
  sendPoint: (point: TGeoPoint) => Promise<unknown>;
  onProblem: (problem: GeoTrackingProblem) => void;
};

/** One recording, from start to stop. */
type Session = {
  stopWatch: () => void;
  position?: Position;
  startSent: boolean;
  /** The 2 s have passed: the START goes as soon as there is a position. */
  startDue: boolean;
  firstTimer?: ReturnType<typeof setTimeout>;
  interval?: ReturnType<typeof setInterval>;
};

/**
 * Live location sharing of the geo service (SPEC §4 Geo tracking): a position watch, START about
 * 2 s after start, a PART every 60 s, END on stop when a position exists. Unmounting (leaving the
 * screen) stops it too.
 */
export function useGeoTracking(options: Options) {
  const [active, setActive] = useState(false);
  const [stoppedShown, setStoppedShown] = useState(false);
  const [sent, setSent] = useState(0);
  const [lastSendFailed, setLastSendFailed] = useState(false);
  const queryClient = useQueryClient();
  const session = useRef<Session | null>(null);
  const stoppedTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // Timers and the watch outlive renders; they read the caller's latest callbacks from here.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  /** Sends one point; settles once the server has answered, whatever it answered. */
  const send = useCallback((position: Position, geoPointType: TGeoPointType): Promise<void> => {
    const { username, sendPoint } = latest.current;
    return sendPoint({
      username,
      lat: position.lat,
      lon: position.lon,
      accuracy: position.accuracy,
      ts: new Date().toISOString(),
      geoPointType,
    }).then(
      () => {
        setSent((count) => count + 1);
        setLastSendFailed(false);
      },
      (error: unknown) => {
        // The next point is the retry: a track with a gap beats one that stops.
        console.error(`Geo point ${geoPointType} was not sent`, error);
        setLastSendFailed(true);
      },
    );
  }, []);

  const sendDue = useCallback(
    (current: Session) => {
      if (!current.position) return;
      send(current.position, current.startSent ? 'PART' : 'START');
      current.startSent = true;
    },
    [send],
  );

  /**
   * Ends the recording without touching the screen's state: null when none was running, else the
   * END point's sending, settled once the server has answered.
   */
  const halt = useCallback((): Promise<void> | null => {
    const current = session.current;
    if (!current) return null;
    session.current = null;
    current.stopWatch();
    clearTimeout(current.firstTimer);
    clearInterval(current.interval);
    return current.position ? send(current.position, 'END') : Promise.resolve();
  }, [send]);

  const stop = useCallback(() => {
    const ended = halt();
    if (!ended) return;
    setActive(false);
    setStoppedShown(true);
    clearTimeout(stoppedTimer.current);
    stoppedTimer.current = setTimeout(() => setStoppedShown(false), STOPPED_STATUS_MS);
    // The recording just ended belongs in the recorded tracks; asked once the END point is stored:
    // asked before, it read one point short («1 точка» of two).
    void ended.then(() => queryClient.invalidateQueries({ queryKey: geoKeys.all }));
  }, [halt, queryClient]);

  const start = useCallback(() => {
    if (session.current) return;
    if (!canWatchPosition()) {
      latest.current.onProblem('unsupported');
      return;
    }
    clearTimeout(stoppedTimer.current);
    setStoppedShown(false);
    setSent(0);
    setLastSendFailed(false);

    const current: Session = { stopWatch: () => {}, startSent: false, startDue: false };
    // Set before the watch starts: a browser may report a refusal at once.
    session.current = current;
    current.stopWatch = watchPosition({
      onPosition: (position) => {
        if (session.current !== current) return;
        current.position = position;
        if (current.startDue && !current.startSent) sendDue(current);
      },
      onError: (error) => {
        if (session.current !== current) return;
        console.error('Geolocation failed', error);
        stop();
        latest.current.onProblem('denied');
      },
    });
    // A refusal reported at once ended the session before its watch could be kept: end the watch too.
    if (session.current !== current) {
      current.stopWatch();
      return;
    }
    current.firstTimer = setTimeout(() => {
      current.startDue = true;
      sendDue(current);
      current.interval = setInterval(() => sendDue(current), POINT_INTERVAL_MS);
    }, FIRST_POINT_DELAY_MS);
    setActive(true);
  }, [sendDue, stop]);

  useEffect(
    () => () => {
      halt();
      clearTimeout(stoppedTimer.current);
    },
    [halt],
  );

  return { active, stoppedShown, sent, lastSendFailed, start, stop };
}
