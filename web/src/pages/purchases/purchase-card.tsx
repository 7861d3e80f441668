import type { TAdminPurchase } from '#contract/back-office-purchases';
import { accountsText } from '#contract/linking';
import { Fact, FactList } from '@/components/ui/fact-list';
import { auditKindText } from '@/features/reports/audit-kind-texts';
import { useClock } from '@/hooks/use-clock';
import { formatDay } from '@/lib/dates';
import { PurchaseActions, type PurchaseOutcome } from './purchase-actions';
import { texts } from './texts';

type PurchaseCardProps = {
  purchase: TAdminPurchase;
  open: boolean;
  onToggle: () => void;
  onOutcome: (outcome: PurchaseOutcome | undefined) => void;
};

/** One purchase: who bought what from whom and its state; opened, its payment, history and actions. */
export function PurchaseCard({ purchase, open, onToggle, onOutcome }: PurchaseCardProps) {
  const clock = useClock();
  return (
    <article className="purchase-card" aria-label={`${purchase.buyer.name}, ${purchase.partner.companyName}`}>
      <button type="button" className="purchase-card__summary" aria-expanded={open} onClick={onToggle}>
        <span className="purchase-card__head">
          <span className="purchase-card__buyer">{purchase.buyer.name}</span>
          <span className="purchase-card__state" data-state={purchase.status}>
            {texts.states[purchase.status]}
          </span>
        </span>
        {purchase.buyerMessengers.length > 0 && (
          <span className="purchase-card__meta">{accountsText(purchase.buyerMessengers)}</span>
        )}
        <span className="purchase-card__meta">
          {purchase.partner.companyName} · {purchase.partner.region}
        </span>
        <span className="purchase-card__meta">
          {texts.summary(purchase.price, clock.dateTime(purchase.purchasedAt))}
        </span>
      </button>
      {open && (
        <div className="purchase-card__details">
          <FactList>
            <Fact
              label={texts.facts.offer}
              value={texts.offer(purchase.offerId, purchase.discount, purchase.price)}
            />
            {purchase.payer.id !== purchase.buyer.id && (
              <Fact label={texts.facts.payer} value={purchase.payer.name} />
            )}
            <Fact label={texts.facts.provider} value={texts.providers[purchase.provider]} />
            <Fact label={texts.facts.paymentId} value={purchase.providerPaymentId ?? texts.noPaymentId} />
            <Fact
              label={texts.facts.verified}
              value={purchase.verified ? texts.verifiedYes : texts.verifiedNo}
            />
            <Fact label={texts.facts.purchasedAt} value={clock.dateTime(purchase.purchasedAt)} />
            <Fact
              label={texts.facts.expiresAt}
              value={purchase.expiresAt ? formatDay(purchase.expiresAt) : texts.noExpiry}
            />
            {purchase.redeemedBy && <Fact label={texts.facts.redeemedBy} value={purchase.redeemedBy} />}
            <Fact label={texts.facts.purchase} value={purchase.id} />
          </FactList>
          <section className="purchase-card__history" aria-label={texts.history}>
            <h3 className="purchase-card__history-title">{texts.history}</h3>
            {purchase.history.length === 0 ? (
              <p className="purchase-card__none">{texts.noHistory}</p>
            ) : (
              <ol className="purchase-card__events">
                {purchase.history.map((event) => (
                  <li key={`${event.at}-${event.kind}`}>
                    <span className="purchase-card__event">{auditKindText(event.kind)}</span>
                    <span className="purchase-card__event-meta">
                      {event.actor ?? texts.system} · {clock.dateTime(event.at)}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </section>
          <PurchaseActions purchase={purchase} onOutcome={onOutcome} />
        </div>
      )}
    </article>
  );
}
