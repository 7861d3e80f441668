import './report-parts.css';

/** A report's totals as a row of tiles: a label over a number. */
export function ReportTotals({ totals }: { totals: readonly { label: string; value: string }[] }) {
  return (
    <dl className="report-totals">
      {totals.map(({ label, value }) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
