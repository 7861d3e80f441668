import { useRef, useState } from 'react';
import { PHOTO_MONTHS } from '#contract/photo';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { Field, SelectField } from '@/components/ui/field';
import { Loaded } from '@/components/ui/loaded';
import { Notice } from '@/components/ui/notice';
import { Stack } from '@/components/ui/stack';
import { uiTexts } from '@/components/ui/texts';
import { getDirectoryLink } from '@/features/photo/api/get-directory-link';
import { usePhotoOrganizers } from '@/features/photo/api/get-photo-organizers';
import { arePhotoRegionsLoaded, usePhotoRegions } from '@/features/photo/api/get-photo-regions';
import { errorMessage } from '@/lib/api-client';
import { openExternalLink } from '@/messenger/links';
import { Page } from '@/messenger/page';
import { texts } from './texts';
import './photo-page.css';

type LookupResult =
  | { kind: 'link'; link: string }
  | { kind: 'missing' }
  | { kind: 'incomplete' }
  | { kind: 'failed'; message: string };

const MONTH_OPTIONS = PHOTO_MONTHS.map(({ label, value }) => ({ label, value: String(value) }));

/** Photo exchange (SPEC §2 Photo): the link of a directory by region, month and optional organizer. */
export function PhotoPage() {
  const regions = usePhotoRegions();
  const [region, setRegion] = useState('');
  const [month, setMonth] = useState<number | null>(null);
  const [organizer, setOrganizer] = useState('');
  const [result, setResult] = useState<LookupResult | null>(null);
  const [lookingUp, setLookingUp] = useState(false);
  const organizers = usePhotoOrganizers(region, month);
  // Only the latest lookup may show its answer: a slower earlier one must not overwrite it.
  const lookupSeq = useRef(0);

  function forgetLookup() {
    lookupSeq.current += 1;
    setResult(null);
    setLookingUp(false);
  }

  async function getLink() {
    if (!region || month === null) {
      forgetLookup();
      setResult({ kind: 'incomplete' });
      return;
    }
    const seq = ++lookupSeq.current;
    setLookingUp(true);
    let next: LookupResult;
    try {
      const link = await getDirectoryLink({ region, month, organizer });
      next = link ? { kind: 'link', link } : { kind: 'missing' };
    } catch (error) {
      next = { kind: 'failed', message: errorMessage(error, texts.connecting) };
    }
    if (seq !== lookupSeq.current) return;
    setResult(next);
    setLookingUp(false);
  }

  const organizersReady = region !== '' && month !== null && organizers.data !== undefined;

  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        {/* SPEC §5: the screen counts as loaded once there is a region; the 5 s poll asks again. */}
        <Loaded
          query={{ ...regions, data: arePhotoRegionsLoaded(regions.data) ? regions.data : undefined }}
          loading={texts.connecting}
          connecting={texts.connecting}
          className="photo__state"
        >
          {(regionNames) => (
            <>
              <SelectField
                label={texts.region}
                placeholder={texts.regionPlaceholder}
                options={regionNames.map((name) => ({ value: name, label: name }))}
                value={region}
                onValueChange={(next) => {
                  setRegion(next);
                  setOrganizer('');
                  forgetLookup();
                }}
              />
              <SelectField
                label={texts.month}
                placeholder={texts.monthPlaceholder}
                options={MONTH_OPTIONS}
                value={month === null ? '' : String(month)}
                onValueChange={(next) => {
                  setMonth(Number(next));
                  setOrganizer('');
                  forgetLookup();
                }}
              />
              <Field label={texts.organizer} note={texts.organizerOptional}>
                {(control) => (
                  <span className="select">
                    <select
                      className="control"
                      {...control}
                      value={organizer}
                      disabled={!organizersReady}
                      onChange={(event) => {
                        setOrganizer(event.target.value);
                        forgetLookup();
                      }}
                    >
                      <option value="">
                        {organizersReady
                          ? texts.noOrganizer
                          : region && month !== null
                            ? uiTexts.loading
                            : texts.chooseRegionAndMonthFirst}
                      </option>
                      {(organizersReady ? organizers.data : []).map((name) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </select>
                  </span>
                )}
              </Field>
              <Button onClick={getLink} disabled={lookingUp}>
                {texts.getLink}
              </Button>
              {result?.kind === 'link' && (
                <div className="photo__result" role="status">
                  <span className="photo__result-label">{texts.linkLabel}</span>
                  <a
                    className="photo__link"
                    href={result.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    onClick={(event) => {
                      event.preventDefault();
                      openExternalLink(result.link);
                    }}
                  >
                    {result.link}
                  </a>
                </div>
              )}
              {result?.kind === 'missing' && <Notice tone="error">{texts.noDirectory}</Notice>}
              {result?.kind === 'incomplete' && <Notice tone="error">{texts.regionAndMonthRequired}</Notice>}
              {result?.kind === 'failed' && <Notice tone="error">{result.message}</Notice>}
            </>
          )}
        </Loaded>
      </Stack>
    </Page>
  );
}
