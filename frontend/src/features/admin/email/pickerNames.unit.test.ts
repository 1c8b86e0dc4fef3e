import { namePickerButtons } from './pickerNames';

/** The markup Quill 2's snow theme builds from `<select className="ql-header" aria-label="Heading">`. */
const quillPicker = (className: string, name: string) =>
  `<span class="${className} ql-picker" aria-label="${name}">` +
  `<span class="ql-picker-label" tabindex="0" role="button" aria-expanded="false" aria-controls="ql-picker-options-0"></span>` +
  `<span class="ql-picker-options" aria-hidden="true" tabindex="-1" id="ql-picker-options-0"></span>` +
  `</span>`;

describe('the rich-text toolbar pickers', () => {
  it('name the button that takes focus, and leave no aria-label on the role-less picker span', () => {
    const toolbar = document.createElement('div');
    toolbar.innerHTML = quillPicker('ql-header', 'Heading') + quillPicker('ql-color ql-color-picker', 'Text colour') + quillPicker('ql-background ql-color-picker', 'Background colour');

    namePickerButtons(toolbar);

    const buttons = Array.from(toolbar.querySelectorAll('[role="button"]'));
    expect(buttons.map((button) => button.getAttribute('aria-label'))).toEqual(['Heading', 'Text colour', 'Background colour']);
    expect(toolbar.querySelectorAll('.ql-picker[aria-label]')).toHaveLength(0);
  });

  it('leaves a picker without a button as it is', () => {
    const toolbar = document.createElement('div');
    toolbar.innerHTML = '<span class="ql-header ql-picker" aria-label="Heading"></span>';
    namePickerButtons(toolbar);
    expect(toolbar.querySelector('.ql-picker')?.getAttribute('aria-label')).toBe('Heading');
  });
});
