import { useState } from 'react';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { vibrateFor } from '@/messenger/haptics';
import { useRedeemCoupon } from '../api/redeem-coupon';
import { useUndoRedemption } from '../api/undo-redemption';

/**
 * Redeeming one scanned coupon online and taking it back (SPEC §2, §4): one redeem attempt per
 * scan until an undo makes the coupon valid again, the phone's buzz for the outcome, and the undo
 * behind a confirm step. `redeemer` is the session's username: the redeem is made in that name.
 */
export function useRedemption(qrToken: string | undefined, redeemer: string | undefined) {
  const redeem = useRedeemCoupon();
  const undo = useUndoRedemption();
  const redeemPress = useOncePerPress();
  const [confirmingUndo, setConfirmingUndo] = useState(false);

  const redeemOnce = () => {
    if (!qrToken || !redeemer) return;
    redeemPress.press(() => {
      undo.reset();
      redeem.mutate(
        { qrToken, partnerUsername: redeemer },
        {
          onSuccess: (outcome) => vibrateFor(outcome === 'apply' ? 'success' : 'error'),
          onError: () => vibrateFor('error'),
        },
      );
    });
  };

  const undoRedemption = () => {
    if (!qrToken) return;
    undo.mutate(qrToken, {
      onSuccess: () => {
        redeemPress.release();
        redeem.reset();
      },
      onSettled: () => setConfirmingUndo(false),
    });
  };

  return {
    /** The press acts: a name to redeem in, and no attempt made on this scan yet. */
    mayRedeem: !!redeemer && redeem.isIdle,
    redeem: redeemOnce,
    redeeming: redeem.isPending,
    /** The server's answer to the attempt: redeemed, refused, or refused as expired. */
    outcome: redeem.data,
    redeemError: redeem.error,
    confirmingUndo,
    askUndo: () => setConfirmingUndo(true),
    keep: () => setConfirmingUndo(false),
    undo: undoRedemption,
    undoing: undo.isPending,
    undone: undo.isSuccess,
    undoError: undo.error,
  };
}

export type Redemption = ReturnType<typeof useRedemption>;
