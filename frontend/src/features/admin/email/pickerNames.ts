/**
 * Quill turns each toolbar <select> into a span.ql-picker and copies the select's aria-label onto
 * that span, where no role allows one, while the picker's focusable button (.ql-picker-label,
 * role="button") stays nameless. This moves each name onto the button a keyboard or screen reader meets.
 */
export function namePickerButtons(root: ParentNode): void {
  for (const picker of Array.from(root.querySelectorAll('.ql-picker[aria-label]'))) {
    const name = picker.getAttribute('aria-label');
    const button = picker.querySelector('.ql-picker-label');
    if (!name || !button) continue;
    button.setAttribute('aria-label', name);
    picker.removeAttribute('aria-label');
  }
}
