import { useCallback, useEffect, useState, type FormEvent } from 'react';
import type { WhatIfResult } from '@placement/domain';
import { errorMessage } from '../../../shared/api/errors';
import { rupees } from '../../../shared/offers';
import { localDateTime } from '../format';
import { placementPolicyApi, type PolicyForm, type PolicyVersion } from './api';
import './placementPolicy.css';

export const POLICY_TEXT = {
  title: 'Placement Policy',
  loadFailed: 'The placement policy could not be loaded.',
  whatIfFailed: 'The what-if run failed.',
  publishFailed: 'The policy could not be published.',
  noChanges: 'This policy would have changed nothing in the season so far.',
  defaultPolicy: 'No policy published yet: one accepted offer per student, nothing open after it.',
  confirmPublish: 'Publish this policy? It applies to every application and acceptance from now on.',
} as const;

const formOf = (version: PolicyVersion): PolicyForm => ({
  tiers: version.tiers.map((tier) => ({ name: tier.name, minCtc: tier.minCtc === undefined ? '' : String(tier.minCtc) })),
  maxAcceptedOffers: String(version.maxAcceptedOffers),
  openTiersAfterAcceptance: version.openTiersAfterAcceptance,
});

/** The form as the API takes it: blank minimum CTCs left out, rules only for tiers that still exist. */
export function policyOfForm(form: PolicyForm) {
  const names = form.tiers.map((tier) => tier.name.trim());
  return {
    tiers: form.tiers.map((tier) => ({ name: tier.name.trim(), ...(tier.minCtc.trim() === '' ? {} : { minCtc: tier.minCtc.trim() }) })),
    maxAcceptedOffers: form.maxAcceptedOffers,
    openTiersAfterAcceptance: form.openTiersAfterAcceptance
      .filter((rule) => names.includes(rule.heldTier))
      .map((rule) => ({ heldTier: rule.heldTier, mayApplyTo: rule.mayApplyTo.filter((name) => names.includes(name)) })),
  };
}

const tiersText = (version: PolicyVersion): string =>
  version.tiers.map((tier) => (tier.minCtc === undefined ? tier.name : `${tier.name} (from ${rupees(tier.minCtc)})`)).join(', ');
const openText = (version: PolicyVersion): string =>
  version.openTiersAfterAcceptance.length === 0 ? 'None' : version.openTiersAfterAcceptance.map((rule) => `${rule.heldTier} → ${rule.mayApplyTo.join(', ') || 'none'}`).join('; ');

function WhatIfTable({ result }: { result: WhatIfResult }) {
  if (result.changes.length === 0) return <p className="policy__note">{POLICY_TEXT.noChanges}</p>;
  return (
    <div className="policy__what-if">
      <p className="policy__summary">
        {result.students.length} student{result.students.length === 1 ? '' : 's'} affected: {result.applicationsRefused} application
        {result.applicationsRefused === 1 ? '' : 's'} and {result.acceptancesRefused} acceptance{result.acceptancesRefused === 1 ? '' : 's'} would have been refused.
      </p>
      <table className="admin-table">
        <caption className="visually-hidden">What the proposed policy would have changed</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Change</th>
            <th scope="col">Job</th>
            <th scope="col">Tier</th>
            <th scope="col">When</th>
            <th scope="col">Rule</th>
          </tr>
        </thead>
        <tbody>
          {result.changes.map((change) => (
            <tr key={`${change.kind}-${change.applicationId}`}>
              <td>{change.studentName || change.studentId}</td>
              <td>{change.kind === 'application refused' ? 'Application refused' : 'Acceptance refused'}</td>
              <td>
                {change.jobTitle} · {change.companyName}
              </td>
              <td>{change.tier}</td>
              <td>{localDateTime(change.at)}</td>
              <td>{change.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The placement policy (issue 16 part 3): the version in force and its history, an edit form, a what-if
 * run of the proposed policy against the season so far, and Publish.
 */
export function PlacementPolicyView() {
  const [current, setCurrent] = useState<PolicyVersion | null>(null);
  const [history, setHistory] = useState<PolicyVersion[]>([]);
  const [form, setForm] = useState<PolicyForm | null>(null);
  const [result, setResult] = useState<WhatIfResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const { data } = await placementPolicyApi.current();
      setCurrent(data.current);
      setHistory(data.history);
      setForm(formOf(data.current));
    } catch (error) {
      setProblem(errorMessage(error, POLICY_TEXT.loadFailed));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const change = (next: PolicyForm) => {
    setForm(next);
    setResult(null);
  };
  const run = async (what: 'whatIf' | 'publish') => {
    if (!form) return;
    if (what === 'publish' && !window.confirm(POLICY_TEXT.confirmPublish)) return;
    setBusy(true);
    setProblem(null);
    setNotice(null);
    try {
      if (what === 'whatIf') setResult((await placementPolicyApi.whatIf(policyOfForm(form))).data);
      else {
        setNotice((await placementPolicyApi.publish(policyOfForm(form))).data.message);
        setResult(null);
        await load();
      }
    } catch (error) {
      setProblem(errorMessage(error, what === 'whatIf' ? POLICY_TEXT.whatIfFailed : POLICY_TEXT.publishFailed));
    } finally {
      setBusy(false);
    }
  };

  if (!form || !current) return <section className="admin-section">{problem ? <p role="alert">{problem}</p> : <p>Loading…</p>}</section>;
  const names = form.tiers.map((tier) => tier.name.trim()).filter((name) => name !== '');
  const openAfter = (held: string) => form.openTiersAfterAcceptance.find((rule) => rule.heldTier === held)?.mayApplyTo ?? [];
  const toggleOpen = (held: string, tier: string) => {
    const open = openAfter(held);
    const mayApplyTo = open.includes(tier) ? open.filter((name) => name !== tier) : [...open, tier];
    change({ ...form, openTiersAfterAcceptance: [...form.openTiersAfterAcceptance.filter((rule) => rule.heldTier !== held), { heldTier: held, mayApplyTo }] });
  };
  const setTier = (index: number, field: 'name' | 'minCtc', value: string) => change({ ...form, tiers: form.tiers.map((tier, at) => (at === index ? { ...tier, [field]: value } : tier)) });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run('whatIf');
  };

  return (
    <section className="admin-section policy" aria-labelledby="policy-title">
      <div className="admin-section__header">
        <h2 id="policy-title">{POLICY_TEXT.title}</h2>
      </div>
      <div className="policy__current">
        <h3>In force: {current.version === 0 ? 'default' : `version ${current.version}`}</h3>
        {current.version === 0 ? (
          <p>{POLICY_TEXT.defaultPolicy}</p>
        ) : (
          <p>
            Tiers: {tiersText(current)}. At most {current.maxAcceptedOffers} accepted offer{current.maxAcceptedOffers === 1 ? '' : 's'}. Open after an accepted offer: {openText(current)}.
          </p>
        )}
      </div>

      <form className="policy__form" onSubmit={submit} aria-label="Proposed policy">
        <fieldset>
          <legend>Tiers (lowest first; a job is of the highest tier its CTC reaches, unless marked with a tier)</legend>
          {form.tiers.map((tier, index) => (
            <div className="policy__tier" key={index}>
              <label>
                Name
                <input className="admin-input" value={tier.name} onChange={(event) => setTier(index, 'name', event.target.value)} />
              </label>
              <label>
                Minimum CTC (₹ a year)
                <input className="admin-input" inputMode="numeric" value={tier.minCtc} onChange={(event) => setTier(index, 'minCtc', event.target.value)} />
              </label>
              <button type="button" className="admin-btn admin-btn--small" aria-label={`Remove tier ${tier.name}`} disabled={form.tiers.length === 1} onClick={() => change({ ...form, tiers: form.tiers.filter((_, at) => at !== index) })}>
                Remove
              </button>
            </div>
          ))}
          <button type="button" className="admin-btn admin-btn--small" onClick={() => change({ ...form, tiers: [...form.tiers, { name: '', minCtc: '' }] })}>
            Add tier
          </button>
        </fieldset>
        <label className="policy__max">
          Accepted offers a student may hold
          <input className="admin-input" inputMode="numeric" value={form.maxAcceptedOffers} onChange={(event) => change({ ...form, maxAcceptedOffers: event.target.value })} />
        </label>
        <fieldset>
          <legend>Tiers still open after an accepted offer</legend>
          {names.map((held) => (
            <div className="policy__open" key={held} role="group" aria-label={`Open after an accepted ${held} offer`}>
              <span>After {held}:</span>
              {names.map((tier) => (
                <label key={tier} className="policy__check">
                  <input type="checkbox" checked={openAfter(held).includes(tier)} onChange={() => toggleOpen(held, tier)} /> {tier}
                </label>
              ))}
            </div>
          ))}
        </fieldset>
        {problem && (
          <p className="policy__problem" role="alert">
            {problem}
          </p>
        )}
        {notice && (
          <p className="policy__notice" role="status">
            {notice}
          </p>
        )}
        <div className="admin-form__actions">
          <button type="submit" className="admin-btn" disabled={busy}>
            What if?
          </button>
          <button type="button" className="admin-btn admin-btn--primary" disabled={busy || result === null} title={result === null ? 'Run What if? first' : undefined} onClick={() => void run('publish')}>
            Publish
          </button>
        </div>
      </form>

      {result && <WhatIfTable result={result} />}

      <div className="policy__history">
        <h3>History</h3>
        {history.length === 0 ? (
          <p>No version published yet.</p>
        ) : (
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Version</th>
                <th scope="col">Published</th>
                <th scope="col">Tiers</th>
                <th scope="col">Max offers</th>
                <th scope="col">Open after an accepted offer</th>
              </tr>
            </thead>
            <tbody>
              {history.map((version) => (
                <tr key={version.version}>
                  <td>{version.version}</td>
                  <td>{version.publishedAt ? localDateTime(version.publishedAt) : ''}</td>
                  <td>{tiersText(version)}</td>
                  <td>{version.maxAcceptedOffers}</td>
                  <td>{openText(version)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
