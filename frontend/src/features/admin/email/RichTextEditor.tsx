import { Editor, type EditorTextChangeEvent } from 'primereact/editor';
import type Quill from 'quill';
import { namePickerButtons } from './pickerNames';

const HEADINGS = [1, 2, 3, 4, 5, 6] as const;

/** Images travel as links, never inline (the server refuses large bodies and strips data URLs). */
function askForImage(quill: Quill): void {
  const url = window.prompt('Image URL (https://...)')?.trim();
  if (!url || !/^https?:\/\//i.test(url)) return;
  const range = quill.getSelection(true);
  quill.insertEmbed(range.index, 'image', url, 'user');
}

/** The spec's toolbar (§2 Bulk Email): headers 1-6, bold, italic, underline, strike, lists, colour, background, link, image, clean. */
const toolbar = (
  <>
    <span className="ql-formats">
      <select className="ql-header" defaultValue="" aria-label="Heading">
        {HEADINGS.map((level) => (
          <option key={level} value={level}>
            Heading {level}
          </option>
        ))}
        <option value="">Normal</option>
      </select>
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-bold" aria-label="Bold" />
      <button type="button" className="ql-italic" aria-label="Italic" />
      <button type="button" className="ql-underline" aria-label="Underline" />
      <button type="button" className="ql-strike" aria-label="Strikethrough" />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-list" value="ordered" aria-label="Ordered list" />
      <button type="button" className="ql-list" value="bullet" aria-label="Bullet list" />
    </span>
    <span className="ql-formats">
      <select className="ql-color" aria-label="Text colour" />
      <select className="ql-background" aria-label="Background colour" />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-link" aria-label="Link" />
      <button type="button" className="ql-image" aria-label="Image" />
    </span>
    <span className="ql-formats">
      <button type="button" className="ql-clean" aria-label="Clear formatting" />
    </span>
  </>
);

/**
 * PrimeReact's Editor over Quill 2. The composer loads this module lazily, so the editor and Quill
 * are a chunk of their own, fetched only when the e-mail section opens.
 */
export default function RichTextEditor({ labelledBy, value, onChange, disabled }: { labelledBy: string; value: string; onChange: (html: string) => void; disabled?: boolean }) {
  return (
    <Editor
      className="email-editor"
      value={value}
      readOnly={disabled}
      headerTemplate={toolbar}
      style={{ height: '16rem' }}
      onTextChange={(event: EditorTextChangeEvent) => onChange(event.htmlValue ?? '')}
      onLoad={(quill: Quill) => {
        quill.root.setAttribute('role', 'textbox');
        quill.root.setAttribute('aria-multiline', 'true');
        quill.root.setAttribute('aria-labelledby', labelledBy);
        const toolbarModule = quill.getModule('toolbar') as { addHandler?: (name: string, handler: () => void) => void } | undefined;
        toolbarModule?.addHandler?.('image', () => askForImage(quill));
        namePickerButtons(quill.container.parentElement ?? quill.container);
      }}
    />
  );
}
