import { useState, type ChangeEvent } from 'react';
import { InputText } from 'primereact/inputtext';
import type { FieldControlProps } from './FormField';

/** A password input with a keyboard-reachable show/hide button. */
export function PasswordInput({
  control,
  name,
  value,
  onChange,
  autoComplete,
}: {
  control: FieldControlProps;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  autoComplete: 'current-password' | 'new-password';
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <InputText {...control} name={name} type={visible ? 'text' : 'password'} value={value} onChange={onChange} autoComplete={autoComplete} className="w-full" invalid={control['aria-invalid']} />
      <button type="button" className="password-input__toggle" aria-label="Show password" aria-pressed={visible} onClick={() => setVisible((shown) => !shown)}>
        <i className={visible ? 'pi pi-eye-slash' : 'pi pi-eye'} aria-hidden="true" />
      </button>
    </div>
  );
}
