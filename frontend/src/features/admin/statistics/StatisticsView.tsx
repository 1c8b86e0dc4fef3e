import { useEffect, useState, type FormEvent } from 'react';
import { Chart } from 'primereact/chart';
import type { GroupRow } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { groupLabel, lakhsPerAnnum, percent, rupees } from '../../../shared/statistics/format';
import '../../../shared/statistics/statistics.css';
import { STATISTICS_TEXT, statisticsExportRequested, statisticsRequested } from './statisticsSlice';

function GroupTable({ caption, heading, rows }: { caption: string; heading: string; rows: readonly GroupRow[] }) {
  return (
    <table className="statistics-table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{heading}</th>
          <th scope="col">Students</th>
          <th scope="col">Placed</th>
          <th scope="col">Rate</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{groupLabel(row.key)}</th>
            <td>{row.students}</td>
            <td>{row.placed}</td>
            <td>{percent(row.rate)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Placement statistics as they stood at the end of a chosen day (issue 16 part 4): cards, charts of
 * the rate by degree, offers per company and the weeks of the season, the breakdown tables, and the
 * Excel export of what is on screen.
 */
export function StatisticsView() {
  const dispatch = useAppDispatch();
  const { asOf, statistics, status, error, exporting } = useAppSelector((state) => state.admin.statistics);
  const [draft, setDraft] = useState(asOf ?? '');

  useEffect(() => {
    dispatch(statisticsRequested(null));
  }, [dispatch]);

  const show = (event: FormEvent) => {
    event.preventDefault();
    dispatch(statisticsRequested(draft === '' ? null : draft));
  };
  const showWholeSeason = () => {
    setDraft('');
    dispatch(statisticsRequested(null));
  };

  return (
    <div className="admin-statistics">
      <h2>{STATISTICS_TEXT.title}</h2>
      <form className="statistics-toolbar" onSubmit={show}>
        <label className="audit-field">
          <span>{STATISTICS_TEXT.asOf}</span>
          <input className="admin-input" type="date" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <button type="submit" className="admin-btn admin-btn--primary">
          Show
        </button>
        <button type="button" className="admin-btn" onClick={showWholeSeason}>
          {STATISTICS_TEXT.wholeSeason}
        </button>
        <button type="button" className="admin-btn" onClick={() => dispatch(statisticsExportRequested())} disabled={!statistics || exporting}>
          {STATISTICS_TEXT.export}
        </button>
      </form>

      {error && (
        <div className="admin-banner admin-banner--error" role="alert">
          {error}
        </div>
      )}
      {status === 'loading' && (
        <p className="admin-loading" role="status">
          {STATISTICS_TEXT.loading}
        </p>
      )}
      {statistics && status !== 'loading' && (
        <>
          <p>{statistics.asOf ? `Figures at the end of ${statistics.asOf} (UTC).` : 'Figures for the whole season to date.'}</p>
          <dl className="statistics-cards">
            <div className="statistics-card">
              <dt>Students placed</dt>
              <dd>{statistics.placedStudents}</dd>
            </div>
            <div className="statistics-card">
              <dt>Placement rate</dt>
              <dd>{percent(statistics.placementRate)}</dd>
            </div>
            <div className="statistics-card">
              <dt>Students with a profile</dt>
              <dd>{statistics.students}</dd>
            </div>
            <div className="statistics-card">
              <dt>Offers</dt>
              <dd>{statistics.offers}</dd>
            </div>
            <div className="statistics-card">
              <dt>Companies</dt>
              <dd>{statistics.companies}</dd>
            </div>
            <div className="statistics-card">
              <dt>Highest CTC</dt>
              <dd title={rupees(statistics.ctc.highest)}>{lakhsPerAnnum(statistics.ctc.highest)}</dd>
            </div>
            <div className="statistics-card">
              <dt>Median CTC</dt>
              <dd title={rupees(statistics.ctc.median)}>{lakhsPerAnnum(statistics.ctc.median)}</dd>
            </div>
            <div className="statistics-card">
              <dt>Average CTC</dt>
              <dd title={rupees(statistics.ctc.average)}>{lakhsPerAnnum(statistics.ctc.average)}</dd>
            </div>
          </dl>

          <div className="admin-charts">
            <figure className="admin-chart">
              <figcaption>Placement rate by degree</figcaption>
              <Chart
                type="bar"
                data={{ labels: statistics.byDegree.map((row) => groupLabel(row.key)), datasets: [{ label: 'Placement rate (%)', data: statistics.byDegree.map((row) => row.rate ?? 0), backgroundColor: '#2563eb' }] }}
                options={{ maintainAspectRatio: false, plugins: { legend: { display: false } }, scales: { y: { beginAtZero: true, max: 100 } } }}
                style={{ height: '240px' }}
                ariaLabel={`Placement rate by degree: ${statistics.byDegree.map((row) => `${groupLabel(row.key)} ${percent(row.rate)}`).join(', ') || 'no students'}`}
              />
            </figure>
            <figure className="admin-chart">
              <figcaption>Offers per company</figcaption>
              <Chart
                type="bar"
                data={{ labels: statistics.offersByCompany.map((row) => row.companyName), datasets: [{ label: 'Offers', data: statistics.offersByCompany.map((row) => row.offers), backgroundColor: '#16a34a' }] }}
                options={{ maintainAspectRatio: false, indexAxis: 'y', plugins: { legend: { display: false } }, scales: { x: { beginAtZero: true, ticks: { precision: 0 } } } }}
                style={{ height: '240px' }}
                ariaLabel={`Offers per company: ${statistics.offersByCompany.map((row) => `${row.companyName} ${row.offers}`).join(', ') || 'none'}`}
              />
            </figure>
            <figure className="admin-chart">
              <figcaption>Applications and offers per week</figcaption>
              <Chart
                type="line"
                data={{
                  labels: statistics.weekly.map((week) => week.weekStart),
                  datasets: [
                    { label: 'Applications', data: statistics.weekly.map((week) => week.applications), borderColor: '#2563eb' },
                    { label: 'Offers', data: statistics.weekly.map((week) => week.offers), borderColor: '#16a34a' },
                    { label: 'Accepted', data: statistics.weekly.map((week) => week.accepted), borderColor: '#ca8a04' },
                  ],
                }}
                options={{ maintainAspectRatio: false, scales: { y: { beginAtZero: true, ticks: { precision: 0 } } } }}
                style={{ height: '240px' }}
                ariaLabel={`Applications and offers per week over ${statistics.weekly.length} weeks`}
              />
            </figure>
          </div>

          <GroupTable caption="By degree" heading="Degree" rows={statistics.byDegree} />
          <GroupTable caption="By school" heading="School" rows={statistics.bySchool} />
          <GroupTable caption="By passing year" heading="Passing year" rows={statistics.byPassingYear} />
        </>
      )}
    </div>
  );
}
