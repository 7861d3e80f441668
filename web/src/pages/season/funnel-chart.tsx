import type { TSeasonResponse } from '#contract/reports';
import { texts } from './texts';

const STEPS = ['opened', 'bought', 'redeemed'] as const;

/**
 * Who came how far in the period: a bar a step, each as long as its share of those who opened the
 * app. The numbers and shares are words beside the bars, so the bars themselves are hidden from
 * screen readers.
 */
export function FunnelChart({ funnel }: { funnel: TSeasonResponse['funnel'] }) {
  const base = Math.max(1, funnel.opened, funnel.bought, funnel.redeemed);
  return (
    <div className="funnel">
      <ol className="funnel__steps">
        {STEPS.map((step) => {
          // No share where it would pass 100%: a period from before opens were recorded (migration 0023).
          const share =
            funnel.opened > 0 && funnel[step] <= funnel.opened
              ? Math.round((funnel[step] / funnel.opened) * 100)
              : null;
          return (
            <li key={step} className="funnel__step">
              <span className="funnel__label">{texts.funnelSteps[step]}</span>
              <span className="funnel__figure">
                <strong>{texts.people(funnel[step])}</strong>
                {step !== 'opened' && share !== null && (
                  <span className="funnel__share">{texts.share(share)}</span>
                )}
              </span>
              <svg className="funnel__bar" viewBox="0 0 100 10" preserveAspectRatio="none" aria-hidden="true">
                <rect x="0" y="0" width="100" height="10" fill="var(--color-separator)" />
                <rect
                  x="0"
                  y="0"
                  width={(funnel[step] / base) * 100}
                  height="10"
                  fill="var(--color-button)"
                />
              </svg>
            </li>
          );
        })}
      </ol>
      <p className="funnel__note">{texts.funnelNote}</p>
    </div>
  );
}
