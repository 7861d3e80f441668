import { useState } from 'react';
import type { TGeoTrackSummary } from '#contract/geo';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Section } from '@/components/ui/section';
import { Spinner } from '@/components/ui/spinner';
import { useClock } from '@/hooks/use-clock';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { downloadFileFrom } from '@/messenger/download';
import { type TrackKey, useGeoTrack } from '../api/get-geo-track';
import { useGeoTracks } from '../api/get-geo-tracks';
import { getGpxLink } from '../api/get-gpx-link';
import { geoTexts } from '../texts';
import { TrackMap } from './track-map';
import './recorded-tracks.css';

const whoRecorded = (track: Pick<TGeoTrackSummary, 'username' | 'firstName'>) =>
  track.username ? `@${track.username}` : track.firstName;
const keyOf = (track: TrackKey) => `${track.userId}/${track.day}`;

function GpxDownload({ track }: { track: TrackKey }) {
  const { timeZone } = useClock();
  const [state, setState] = useState<
    { kind: 'idle' | 'preparing' | 'started' } | { kind: 'failed'; message: string }
  >({
    kind: 'idle',
  });

  async function download() {
    setState({ kind: 'preparing' });
    try {
      const { url, fileName } = await getGpxLink(track, timeZone);
      // Telegram answers when its download dialog closes; the screen need not wait for that.
      downloadFileFrom(url, fileName).catch((error: unknown) => console.error('GPX download failed', error));
      setState({ kind: 'started' });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  }

  return (
    <div className="recorded-tracks__download">
      <button
        type="button"
        className="recorded-tracks__download-button"
        onClick={download}
        disabled={state.kind === 'preparing'}
      >
        {state.kind === 'preparing' ? <Spinner label={geoTexts.preparingGpx} /> : geoTexts.downloadGpx}
      </button>
      {state.kind === 'started' && <Notice tone="success">{geoTexts.gpxStarted}</Notice>}
      {state.kind === 'failed' && <Notice tone="error">{state.message}</Notice>}
    </div>
  );
}

function TrackDetails({ track }: { track: TrackKey }) {
  return (
    <Loaded query={useGeoTrack(track)}>
      {({ points }) => (
        <>
          <TrackMap points={points} />
          <GpxDownload track={track} />
        </>
      )}
    </Loaded>
  );
}

/** The admins' recorded tracks, by user and day; one opens on its map with a GPX download. */
export function RecordedTracks() {
  const tracks = useGeoTracks();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const clock = useClock();

  return (
    <Section title={geoTexts.tracksTitle}>
      <Loaded query={tracks} className="recorded-tracks__state" empty={geoTexts.noTracks}>
        {(recorded) => (
          <ul className="recorded-tracks">
            {recorded.map((track) => {
              const key = keyOf(track);
              const open = key === openKey;
              return (
                <li key={key} className="recorded-tracks__item">
                  <button
                    type="button"
                    className="recorded-tracks__summary"
                    aria-expanded={open}
                    onClick={() => setOpenKey(open ? null : key)}
                  >
                    <span className="recorded-tracks__who">{whoRecorded(track)}</span>
                    <span className="recorded-tracks__day">{formatDay(track.day)}</span>
                    <span className="recorded-tracks__meta">
                      {clock.time(track.startedAt)}–{clock.time(track.endedAt)} {clock.note}
                      {' · '}
                      {geoTexts.pointCount(track.points)}
                    </span>
                  </button>
                  {open && (
                    <div className="recorded-tracks__details">
                      <TrackDetails track={track} />
                    </div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </Loaded>
    </Section>
  );
}
