import { useId, useState, type KeyboardEvent } from 'react';
import { Button } from 'primereact/button';
import { InputText } from 'primereact/inputtext';
import { suggestCategories } from '@placement/domain';
import type { FieldControlProps } from '../components/FormField';

/**
 * Categories (spec §5): unique, picked from about 70 suggested job-role names (a native datalist,
 * filtered by what is typed and without those already chosen) or added as custom ones.
 */
export function CategoryPicker({ control, value, onChange, disabled }: { control: FieldControlProps; value: string[]; onChange: (next: string[]) => void; disabled?: boolean }) {
  const [draft, setDraft] = useState('');
  const listId = useId();
  const suggestions = suggestCategories(draft, value);

  const add = (name: string) => {
    const trimmed = name.trim();
    setDraft('');
    if (trimmed === '' || value.some((entry) => entry.toLowerCase() === trimmed.toLowerCase())) return;
    onChange([...value, trimmed]);
  };

  const onKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add(draft);
    }
  };

  return (
    <div className="category-picker">
      <div className="category-picker__row">
        <InputText
          {...control}
          name="category"
          list={listId}
          placeholder="Type or pick a category, then Add"
          value={draft}
          onChange={(event) => {
            const next = event.target.value;
            // Picking an entry of the datalist adds it at once.
            if (suggestions.includes(next)) add(next);
            else setDraft(next);
          }}
          onKeyDown={onKey}
          invalid={control['aria-invalid']}
          className="w-full"
          disabled={disabled}
        />
        <Button type="button" label="Add" icon="pi pi-plus" onClick={() => add(draft)} disabled={disabled || draft.trim() === ''} aria-label="Add category" />
      </div>
      <datalist id={listId}>
        {suggestions.map((suggestion) => (
          <option key={suggestion} value={suggestion} />
        ))}
      </datalist>
      {value.length > 0 && (
        <ul className="tag-list category-picker__chosen" aria-label="Chosen categories">
          {value.map((category) => (
            <li key={category} className="tag category-picker__tag">
              {category}
              <button type="button" className="category-picker__remove" aria-label={`Remove category ${category}`} onClick={() => onChange(value.filter((entry) => entry !== category))} disabled={disabled}>
                <i className="pi pi-times" aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
