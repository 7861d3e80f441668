import { useEffect, useState } from 'react';
import { RATING_COMMENT_MAX, RATING_COMMENT_TOO_LONG, type TMyVisitRating } from '#contract/ratings';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { formatDay } from '@/lib/dates';
import { getMyVisitRating, rateVisit } from '../api/my-visit-rating';
import { texts } from '../texts';
import './rate-visit.css';
import { uiTexts } from '@/components/ui/texts';

type RateVisitProps = {
  purchasedCouponId: string;
  /** The day in the app's time zone an ISO instant falls on (`YYYY-MM-DD`). */
  dayOf: (at: Date) => string;
  onClose: () => void;
};

/**
 * «Оценить визит» on a used coupon: 1–5 and an optional comment, the same record the bot's buttons
 * write, changeable for a week after the visit.
 */
export function RateVisit({ purchasedCouponId, dayOf, onClose }: RateVisitProps) {
  const [known, setKnown] = useState<TMyVisitRating>();
  const [stars, setStars] = useState<number>();
  const [comment, setComment] = useState('');
  const [saving, setSaving] = useState(false);
  const [said, setSaid] = useState<{ text: string; failed: boolean }>();

  useEffect(() => {
    let stale = false;
    getMyVisitRating(purchasedCouponId).then(
      (rating) => {
        if (stale) return;
        setKnown(rating);
        setStars(rating.rating?.stars);
        setComment(rating.rating?.comment ?? '');
      },
      (error: unknown) => !stale && setSaid({ text: errorMessage(error), failed: true }),
    );
    return () => {
      stale = true;
    };
  }, [purchasedCouponId]);

  // Counted as the server counts it, trimmed; over the limit it is refused here with the limit named,
  // where a maxLength would have cut a pasted review silently.
  const commentLength = comment.trim().length;
  const commentTooLong = commentLength > RATING_COMMENT_MAX;

  async function save() {
    if (stars === undefined) {
      setSaid({ text: texts.pickStars, failed: true });
      return;
    }
    if (commentTooLong) return;
    setSaving(true);
    setSaid(undefined);
    try {
      const rated = await rateVisit(purchasedCouponId, { stars, comment: comment.trim() || null });
      setSaid({ text: texts.thanks(rated.stars), failed: false });
    } catch (error) {
      setSaid({ text: errorMessage(error), failed: true });
    } finally {
      setSaving(false);
    }
  }

  const until = known?.changeableUntil ? new Date(known.changeableUntil) : undefined;
  const open = until !== undefined && until.getTime() > Date.now();

  return (
    <section className="rate-visit" aria-label={texts.rate}>
      {!known && !said && <p className="rate-visit__note">{uiTexts.loading}</p>}
      {known && !open && <p className="rate-visit__note">{texts.closed}</p>}
      {known && open && (
        <>
          <fieldset className="rate-visit__stars">
            <legend className="rate-visit__legend">{texts.stars}</legend>
            {[1, 2, 3, 4, 5].map((n) => (
              <button
                key={n}
                type="button"
                className="rate-visit__star"
                aria-pressed={stars === n}
                aria-label={texts.star(n)}
                onClick={() => setStars(n)}
              >
                {n}
              </button>
            ))}
          </fieldset>
          <Field
            label={texts.comment}
            note={texts.commentNote(commentLength, RATING_COMMENT_MAX)}
            error={commentTooLong ? RATING_COMMENT_TOO_LONG : undefined}
          >
            {(control) => (
              <textarea
                {...control}
                className="rate-visit__comment"
                rows={3}
                value={comment}
                onChange={(event) => setComment(event.target.value)}
              />
            )}
          </Field>
          <p className="rate-visit__note">{texts.changeableUntil(formatDay(dayOf(until)))}</p>
          <Button busy={saving && texts.saving} disabled={commentTooLong} onClick={() => void save()}>
            {texts.save}
          </Button>
        </>
      )}
      {said && (
        <p
          className={said.failed ? 'rate-visit__error' : 'rate-visit__done'}
          role={said.failed ? 'alert' : 'status'}
        >
          {said.text}
        </p>
      )}
      <button type="button" className="rate-visit__close" onClick={onClose}>
        {texts.cancel}
      </button>
    </section>
  );
}
