import { useId } from 'react';
import { Button } from './button';
import { InView } from './in-view';
import { Spinner } from './spinner';
import './confirm-step.css';

type ConfirmStepProps = {
  /** What is about to happen, as one sentence. */
  question: string;
  /** What it means for the people it touches (buyers, staff, the friend). */
  detail?: string | undefined;
  confirm: string;
  cancel: string;
  /** The confirmed action is under way: both buttons wait, the confirming one turns. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * The second look before an action that is hard to take back: the question, what it means, and
 * the two answers, brought into view where the tap left the eye.
 */
export function ConfirmStep({
  question,
  detail,
  confirm,
  cancel,
  pending = false,
  onConfirm,
  onCancel,
}: ConfirmStepProps) {
  const questionId = useId();
  return (
    <InView className="confirm-step">
      <fieldset aria-labelledby={questionId} className="confirm-step__body">
        <p id={questionId} className="confirm-step__question">
          {question}
        </p>
        {detail && <p className="confirm-step__detail">{detail}</p>}
        <div className="confirm-step__answers">
          <Button disabled={pending} pressed={pending} onClick={onConfirm}>
            {pending ? <Spinner label={confirm} /> : confirm}
          </Button>
          <Button variant="secondary" disabled={pending} onClick={onCancel}>
            {cancel}
          </Button>
        </div>
      </fieldset>
    </InView>
  );
}
