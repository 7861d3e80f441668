import { useState } from 'react';
import type { TWeeklyReport } from '#contract/reports';
import { SelectField } from '@/components/ui/field';
import { chartTexts } from '../chart-texts';
import type { Period } from '../period';
import { WeekCharts } from './week-charts';

const ALL = 'all';

/**
 * A report's weeks, all offers together or one chosen offer's. `withCompany` names each offer's
 * partner too, where the offers are several partners'.
 */
export function WeeklySection({
  report,
  period,
  withCompany,
}: {
  report: TWeeklyReport;
  period: Period;
  withCompany: boolean;
}) {
  const [chosen, choose] = useState(ALL);
  const offer = report.offers.find((item) => String(item.couponId) === chosen);
  return (
    <>
      {report.offers.length > 0 && (
        <SelectField
          label={chartTexts.offer}
          options={[
            { value: ALL, label: chartTexts.allOffers },
            ...report.offers.map((item) => ({
              value: String(item.couponId),
              label: chartTexts.offerName(item, withCompany),
            })),
          ]}
          value={offer ? chosen : ALL}
          onValueChange={choose}
        />
      )}
      <WeekCharts weeks={offer ? offer.weeks : report.weeks} period={period} />
    </>
  );
}
