import type { TSettlementRow } from '#contract/reports';
import { Header } from '@/components/layout/header';
import { Button } from '@/components/ui/button';
import { LinkButton } from '@/components/ui/link-button';
import { Loaded } from '@/components/ui/loaded';
import { Section } from '@/components/ui/section';
import { Stack } from '@/components/ui/stack';
import { paths } from '@/config/paths';
import { useSettlement } from '@/features/reports/api/get-settlement';
import { ExportButton } from '@/features/reports/components/export-button';
import { PeriodFields } from '@/features/reports/components/period-fields';
import { WeeklyReportSection } from '@/features/reports/components/week-charts';
import type { Period } from '@/features/reports/period';
import { usePeriod } from '@/features/reports/use-period';
import { RoleGate } from '@/features/session/components/role-gate';
import { isAdmin } from '@/features/session/user-state';
import { useDelayedNavigate } from '@/hooks/use-delayed-navigate';
import { Page } from '@/messenger/page';
import './settlement-page.css';
import { texts } from './texts';

type Figures = Pick<TSettlementRow, 'sold' | 'redeemed' | 'refunded' | 'open'>;
const FIGURES = ['sold', 'redeemed', 'refunded', 'open'] as const;

type CountSum = Figures['sold'];
const plus = (a: CountSum, b: CountSum): CountSum => ({ count: a.count + b.count, sum: a.sum + b.sum });
const add = (a: Figures, b: Figures): Figures => ({
  sold: plus(a.sold, b.sold),
  redeemed: plus(a.redeemed, b.redeemed),
  refunded: plus(a.refunded, b.refunded),
  open: plus(a.open, b.open),
});
const NONE: Figures = {
  sold: { count: 0, sum: 0 },
  redeemed: { count: 0, sum: 0 },
  refunded: { count: 0, sum: 0 },
  open: { count: 0, sum: 0 },
};

/** Settlement, in the back office: per partner, what was sold, redeemed, refunded and is still open in a period. */
export function SettlementPage() {
  return (
    <Page>
      <Header title={texts.title} />
      <Stack>
        <RoleGate allows={isAdmin} refusal={texts.adminsOnly}>
          <Settlement />
        </RoleGate>
      </Stack>
    </Page>
  );
}

function Settlement() {
  const { period, setPeriod, valid, problem } = usePeriod();
  const settlement = useSettlement(valid);
  const { go, pendingTo } = useDelayedNavigate();
  // The season opens on its own period (since May): it is about the whole of it.
  const seasonHref = paths.season.getHref();

  return (
    <>
      <PeriodFields period={period} onChange={setPeriod} problem={problem} />
      <Loaded query={settlement} className="state-line" idle={!valid}>
        {(rows) => (
          <Section title={texts.total}>
            <FigureTiles figures={rows.reduce<Figures>(add, NONE)} />
            <p className="settlement__note">{texts.openNote}</p>
          </Section>
        )}
      </Loaded>
      <ExportButton request={valid && { report: 'settlement', ...valid }} />
      <WeeklyReportSection query={valid} title={texts.weeks} withCompany />
      {settlement.data && valid && (
        <Section title={texts.partners}>
          {settlement.data.length === 0 ? (
            <p className="settlement__note">{texts.empty}</p>
          ) : (
            settlement.data.map((row) => <PartnerFigures key={row.partnerId} row={row} period={valid} />)
          )}
        </Section>
      )}
      <Button variant="secondary" pressed={pendingTo === seasonHref} onClick={() => go(seasonHref)}>
        {texts.season}
      </Button>
    </>
  );
}

function PartnerFigures({ row, period }: { row: TSettlementRow; period: Period }) {
  const { go } = useDelayedNavigate();
  return (
    <article className="settlement__partner" aria-label={row.companyName}>
      <h3 className="settlement__name">
        {row.companyName} <span className="settlement__region">· {row.region}</span>
      </h3>
      <FigureTiles figures={row} compact />
      <LinkButton onClick={() => go(paths.redemptionReport.getHref({ partnerId: row.partnerId, ...period }))}>
        {texts.redemptions}
      </LinkButton>
    </article>
  );
}

/** The four figures, two to a row; `compact` puts them in one row, as each partner has its own. */
function FigureTiles({ figures, compact = false }: { figures: Figures; compact?: boolean }) {
  return (
    <dl className={`settlement__figures${compact ? ' settlement__figures--compact' : ''}`}>
      {FIGURES.map((key) => (
        <div key={key}>
          <dt>{texts[key]}</dt>
          <dd>
            <span className="settlement__count">{texts.count(figures[key].count)}</span>
            <span className="settlement__sum">{texts.sum(figures[key].sum)}</span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
