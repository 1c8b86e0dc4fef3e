import { useState } from 'react';
import { Button } from 'primereact/button';

/** Texts of the second factor (the spec has none; docs/decisions.md, second factor). */
export const RECOVERY_CODES_TEXT = {
  title: 'Your recovery codes',
  explanation: 'Each code signs you in once if you cannot use your authenticator app. They are shown only now: copy or download them and keep them somewhere safe.',
  copy: 'Copy',
  copied: 'Copied',
  download: 'Download',
  fileName: 'placement-portal-recovery-codes.txt',
} as const;

/** The ten recovery codes, shown once, with a copy and a download. */
export function RecoveryCodes({ codes }: { codes: string[] }) {
  const [copied, setCopied] = useState(false);
  const text = `${codes.join('\n')}\n`;
  const onCopy = async () => {
    await navigator.clipboard?.writeText(text).catch(() => undefined);
    setCopied(true);
  };
  const onDownload = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_CODES_TEXT.fileName;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="recovery-codes" aria-labelledby="recovery-codes-title">
      <h2 id="recovery-codes-title" className="auth-form__subtitle">
        {RECOVERY_CODES_TEXT.title}
      </h2>
      <p>{RECOVERY_CODES_TEXT.explanation}</p>
      <ul className="recovery-codes__list" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="recovery-codes__actions">
        <Button type="button" label={copied ? RECOVERY_CODES_TEXT.copied : RECOVERY_CODES_TEXT.copy} icon="pi pi-copy" outlined onClick={() => void onCopy()} />
        <Button type="button" label={RECOVERY_CODES_TEXT.download} icon="pi pi-download" outlined onClick={onDownload} />
      </div>
    </section>
  );
}
