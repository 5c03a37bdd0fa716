import { useState } from 'react';
import { TextField } from '@/components/ui/form/text-field';
import { toast } from '@/lib/toast-store';
import { downloadReport, type CsvReport, type ReportParams } from '@/features/admin/api/compliance';
import { DrawResults } from '@/features/admin/components/compliance/draw-results';
import { AmlFlags, LargeTransactions } from '@/features/admin/components/compliance/report-lists';
import { Section } from '@/features/admin/components/compliance/section';
import { lagosMonth } from '@/lib/lagos-time';
import { saveFile } from '@/lib/save-file';

const DEFAULT_THRESHOLD_NAIRA = 5_000_000;

/** The month's reports: three CSV files, the settled draws and two lists, for one month and one threshold. */
export function Reports() {
  const [month, setMonth] = useState(lagosMonth());
  const [threshold, setThreshold] = useState(String(DEFAULT_THRESHOLD_NAIRA));
  const [levy, setLevy] = useState('');
  const naira = Number(threshold.replace(/[,\s]/g, ''));
  const thresholdOk = Number.isFinite(naira) && naira > 0;
  const levyPercent = levy.trim() === '' ? undefined : Number(levy);
  const levyOk = levyPercent === undefined || (Number.isFinite(levyPercent) && levyPercent >= 0 && levyPercent <= 100);
  const params: ReportParams = {
    month,
    thresholdKobo: Math.round((thresholdOk ? naira : DEFAULT_THRESHOLD_NAIRA) * 100),
    levyBp: levyPercent === undefined || !levyOk ? undefined : Math.round(levyPercent * 100),
  };
  return (
    <>
      <Section title="Monthly reports" lead="Lagos calendar months. Files are CSV, one row per state and game or per player.">
        <div className="form compliance-filters">
          <TextField label="Month" name="month" type="month" value={month} onChange={(e) => setMonth(e.target.value)} />
          <TextField
            label="Large-transaction threshold (₦)"
            name="threshold"
            inputMode="numeric"
            value={threshold}
            onChange={(e) => setThreshold(e.target.value)}
            error={thresholdOk ? undefined : 'Enter an amount above zero'}
            hint="NFIU: ₦5,000,000 for individuals."
          />
          <TextField
            label="Levy on GGR (%)"
            name="levy"
            inputMode="decimal"
            value={levy}
            onChange={(e) => setLevy(e.target.value)}
            error={levyOk ? undefined : 'Enter a percentage from 0 to 100'}
            hint="As your licence sets it; leave empty to omit the levy column."
          />
        </div>
        <div className="compliance-downloads">
          <DownloadButton report="regulator" label="Monthly return (CSV)" params={params} />
          <DownloadButton report="draws" label="Settled draws (CSV)" params={params} />
          <DownloadButton report="tax-remittance" label="Tax remittance (CSV)" params={params} />
        </div>
      </Section>
      <Section
        title="Draw results"
        lead="Each draw settled this month: its stakes, the winnings it paid, the tax withheld from them and the house's result (stakes less winnings)."
      >
        <DrawResults month={month} />
      </Section>
      <Section title="Large transactions" lead="Deposits and withdrawals at or above the threshold this month, for NFIU filing.">
        <LargeTransactions params={params} />
      </Section>
      <Section title="AML flags" lead="Patterns to review: deposits kept just under the threshold, and withdrawing after little play.">
        <AmlFlags params={params} />
      </Section>
    </>
  );
}

function DownloadButton({ report, label, params }: { report: CsvReport; label: string; params: ReportParams }) {
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      const { blob, filename } = await downloadReport(report, params);
      saveFile(blob, filename);
      toast.success(`Downloaded ${filename}`);
    } catch {
      // The API client has already said what went wrong.
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="button button--ghost" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      {busy ? 'Preparing the file…' : label}
    </button>
  );
}
