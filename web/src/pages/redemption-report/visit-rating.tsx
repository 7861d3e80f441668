import type { TRedemptionRow } from '#contract/reports';
import { LinkButton } from '@/components/ui/link-button';
import { useHideRatingComment } from '@/features/reports/api/hide-rating-comment';
import { useUser } from '@/features/session/api/get-me';
import { isAdmin } from '@/features/session/user-state';
import { errorMessage } from '@/lib/api-client';
import { texts } from './texts';

/** How the buyer rated the visit, their comment, and for an admin the way to hide the comment. */
export function VisitRating({ row }: { row: TRedemptionRow }) {
  const admin = isAdmin(useUser());
  const hide = useHideRatingComment();
  if (row.rating === null) return null;
  return (
    <>
      <span className="redemption-report__rating">{texts.rating(row.rating)}</span>
      {row.comment !== null && <blockquote className="redemption-report__comment">{row.comment}</blockquote>}
      {admin && row.comment !== null && row.ratingId !== null && (
        <LinkButton
          className="redemption-report__hide"
          onClick={() => hide.mutate(row.ratingId as number)}
          disabled={hide.isPending}
        >
          {texts.hideComment}
        </LinkButton>
      )}
      {hide.isError && (
        <span className="redemption-report__error" role="alert">
          {errorMessage(hide.error)}
        </span>
      )}
    </>
  );
}
