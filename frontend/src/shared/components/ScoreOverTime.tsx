import { Chart } from 'primereact/chart';

/** One resume check as the chart needs it (a ResumeAnalysisEntry has these and more). */
export interface ScorePoint {
  analysedAt: string;
  atsScore: number;
}

const shortDate = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/**
 * A student's ATS score over their checks, oldest first, as a line on a 0-100 axis: on /cv (the
 * student's own) and in the admin panel's student and application details. Draws nothing for fewer
 * than two checks.
 */
export function ScoreOverTime({ analyses, height = 220 }: { analyses: readonly ScorePoint[]; height?: number }) {
  if (analyses.length < 2) return null;
  return (
    <figure className="score-over-time" style={{ margin: '0 0 1rem', height: `${height}px` }}>
      <Chart
        type="line"
        data={{
          labels: analyses.map((a) => shortDate(a.analysedAt)),
          datasets: [{ label: 'ATS score', data: analyses.map((a) => a.atsScore), borderColor: '#2563eb', backgroundColor: '#2563eb', tension: 0.2 }],
        }}
        options={{ maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { min: 0, max: 100 } } }}
        style={{ height: `${height}px` }}
        ariaLabel={`ATS score over ${analyses.length} checks, from ${analyses[0]!.atsScore} to ${analyses.at(-1)!.atsScore}`}
      />
    </figure>
  );
}
