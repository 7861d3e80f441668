import type { TExportRequest } from '#contract/reports';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { useOncePerPress } from '@/hooks/use-once-per-press';
import { errorMessage } from '@/lib/api-client';
import { useExportReport } from '../api/export-report';
import { reportTexts as texts } from '../texts';
import './report-parts.css';

/** «ВЫГРУЗИТЬ CSV»: the file downloads, or the bot sends it; either way the screen says which. */
export function ExportButton({ request }: { request: TExportRequest | null }) {
  const exportReport = useExportReport();
  const press = useOncePerPress();

  return (
    <div className="export-button">
      <Button
        busy={exportReport.isPending && texts.exporting}
        variant="secondary"
        disabled={!request || exportReport.isPending}
        onClick={() =>
          request && press.press(() => exportReport.mutate(request, { onSettled: press.release }))
        }
      >
        {texts.export}
      </Button>
      {exportReport.data && (
        <Notice tone="success">
          {exportReport.data === 'sent' ? texts.exportSent : texts.exportStarted}
        </Notice>
      )}
      {exportReport.error && <Notice tone="error">{errorMessage(exportReport.error)}</Notice>}
    </div>
  );
}
