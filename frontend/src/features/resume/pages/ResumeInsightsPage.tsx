import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressBar } from 'primereact/progressbar';
import { DEFAULT_INDUSTRY, INDUSTRIES } from '@placement/domain';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { FormField } from '../../../shared/components/FormField';
import { AnalysisResults } from '../components/AnalysisResults';
import { ScoreHistory } from '../components/ScoreHistory';
import { INDUSTRY_LABELS, RESUME_ACCEPT, isResumeFile } from '../format';
import { RESUME_MESSAGES, analysisCleared, analysisRequested, historyRequested, selectResume } from '../resumeSlice';
import '../resume.css';

/**
 * /cv, resume insights (spec §2, §4, §5, §8): a resume (PDF, DOC, DOCX), an optional job description
 * and the target industry; 'Check ATS Score' runs the analysis with its progress, then the results.
 * The student layout supplies the header 'Student - Resume Insights'.
 */
export default function ResumeInsightsPage() {
  const dispatch = useAppDispatch();
  const { status, progress, result, error, history } = useAppSelector(selectResume);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobDescription, setJobDescription] = useState('');
  const [industry, setIndustry] = useState<string>(DEFAULT_INDUSTRY);
  const fileInput = useRef<HTMLInputElement>(null);
  const replaceInput = useRef<HTMLInputElement>(null);
  const analysing = status === 'analysing';

  // The student's earlier checks, for the chart of the score over time.
  useEffect(() => {
    dispatch(historyRequested());
  }, [dispatch]);
  const scoreHistory = <ScoreHistory analyses={history.analyses} status={history.status} />;

  /** Spec §5: a file is required and must be PDF or Word. */
  const check = (chosen: File | null): string | null => {
    if (!chosen) return RESUME_MESSAGES.noFile;
    if (!isResumeFile(chosen)) return RESUME_MESSAGES.badType;
    return null;
  };

  const choose = (event: ChangeEvent<HTMLInputElement>): File | null => {
    const chosen = event.target.files?.[0] ?? null;
    const problem = check(chosen);
    setFileError(problem);
    setFile(problem ? null : chosen);
    if (problem) event.target.value = '';
    return problem ? null : chosen;
  };

  const analyse = (resume: File | null) => {
    const problem = check(resume);
    setFileError(problem);
    if (problem || !resume) {
      fileInput.current?.focus();
      return;
    }
    dispatch(analysisRequested({ industry, jobDescription }, resume));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    analyse(file);
  };

  /** 'Replace Resume': pick another file and analyse it with the same description and industry. */
  const onReplace = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = choose(event);
    if (chosen) analyse(chosen);
    event.target.value = '';
  };

  /** 'Analyze New Resume': back to an empty form. */
  const startOver = () => {
    dispatch(analysisCleared());
    setFile(null);
    setFileError(null);
    setJobDescription('');
    setIndustry(DEFAULT_INDUSTRY);
  };

  const replacePicker = (
    <input ref={replaceInput} type="file" accept={RESUME_ACCEPT} className="visually-hidden" tabIndex={-1} aria-hidden="true" onChange={onReplace} />
  );

  if (status === 'done' && result) {
    return (
      <div className="ats-page">
        {replacePicker}
        {fileError && <Message severity="error" text={fileError} className="w-full" />}
        <p className="ats-page__file">
          Results for <strong>{file?.name ?? 'your resume'}</strong> ({INDUSTRY_LABELS[industry] ?? industry})
        </p>
        <AnalysisResults result={result} onReplace={() => replaceInput.current?.click()} onNew={startOver} />
        {scoreHistory}
      </div>
    );
  }

  return (
    <div className="ats-page">
      {replacePicker}
      <section className="student-card ats-form-card" aria-labelledby="ats-form-title">
        <h2 id="ats-form-title">Check how your resume reads to applicant tracking systems</h2>
        <p className="ats-page__intro">Upload your resume, optionally paste the job description, and pick the industry you are targeting.</p>
        {status === 'failed' && error && <Message severity="error" text={error} className="w-full ats-form-card__error" role="alert" />}
        <form noValidate onSubmit={onSubmit} aria-labelledby="ats-form-title" className="ats-form">
          <FormField id="ats-resume" label="Resume" error={fileError} required hint="PDF, DOC or DOCX">
            {(control) => <input {...control} ref={fileInput} name="resume" type="file" accept={RESUME_ACCEPT} onChange={choose} className="file-input" disabled={analysing} />}
          </FormField>
          <FormField id="ats-job-description" label="Job Description" hint="Optional: paste the posting to compare your resume with it">
            {(control) => <InputTextarea {...control} name="job_description" rows={5} autoResize value={jobDescription} onChange={(event) => setJobDescription(event.target.value)} className="w-full" disabled={analysing} />}
          </FormField>
          <FormField id="ats-industry" label="Target Industry">
            {(control) => (
              <select {...control} name="industry" value={industry} onChange={(event) => setIndustry(event.target.value)} className="p-inputtext p-component w-full" disabled={analysing}>
                {INDUSTRIES.map((option) => (
                  <option key={option} value={option}>
                    {INDUSTRY_LABELS[option] ?? option}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          {analysing && (
            <div className="upload-progress">
              <span id="ats-progress-label">Analyzing your resume... {progress}%</span>
              <ProgressBar value={progress} showValue={false} aria-labelledby="ats-progress-label" style={{ height: '0.5rem' }} />
            </div>
          )}
          <div className="ats-form__actions">
            <Button type="submit" label={analysing ? 'Analyzing...' : 'Check ATS Score'} icon="pi pi-chart-bar" loading={analysing} disabled={analysing || !file} aria-describedby={!file && !fileError ? 'ats-no-file' : undefined} />
            {!file && !fileError && (
              <small id="ats-no-file" className="form-field__hint">
                {RESUME_MESSAGES.noFile}
              </small>
            )}
          </div>
        </form>
      </section>
      {scoreHistory}
    </div>
  );
}
