import { given } from '../decider';
import { contextAs, rejectionOf } from '../schemas-shared/test-support';
import type { TemplateEvent } from './events';
import { EMAIL_MESSAGES } from './schemas';
import { templateDecider } from './template-decider';

const staff = contextAs('staff');
const templateId = 'tpl1';
const template = { name: 'Drive', subject: 'Campus drive', content: '<p>Hi</p>' };
const saved: TemplateEvent = { type: 'TemplateSaved', data: { templateId, ...template } };

describe('SaveTemplate', () => {
  it('saves a template', () => {
    expect(given(templateDecider, []).when({ type: 'SaveTemplate', templateId, template }, staff)).toEqual([saved]);
  });

  it('refuses a template without a name', () => {
    expect(rejectionOf(() => given(templateDecider, []).when({ type: 'SaveTemplate', templateId, template: { ...template, name: '' } }, staff))).toEqual({
      kind: 'invalid',
      message: 'Please enter a template name',
      errors: [{ field: 'name', message: 'Please enter a template name' }],
    });
  });

  it('refuses an id already used', () => {
    expect(rejectionOf(() => given(templateDecider, [saved]).when({ type: 'SaveTemplate', templateId, template }, staff))).toMatchObject({
      kind: 'conflict',
      message: EMAIL_MESSAGES.templateExists,
    });
  });
});

describe('UpdateTemplate', () => {
  it('records the changed fields before and after', () => {
    expect(given(templateDecider, [saved]).when({ type: 'UpdateTemplate', templateId, template: { ...template, subject: 'Campus drive 2025' } }, staff)).toEqual([
      { type: 'TemplateUpdated', data: { templateId, before: { subject: 'Campus drive' }, after: { subject: 'Campus drive 2025' } } },
    ]);
  });

  it('emits nothing when nothing changes', () => {
    expect(given(templateDecider, [saved]).when({ type: 'UpdateTemplate', templateId, template }, staff)).toEqual([]);
  });

  it('builds on earlier updates', () => {
    const updated: TemplateEvent = { type: 'TemplateUpdated', data: { templateId, before: { name: 'Drive' }, after: { name: 'Drive 2025' } } };
    expect(given(templateDecider, [saved, updated]).when({ type: 'UpdateTemplate', templateId, template: { ...template, name: 'Drive 2025' } }, staff)).toEqual([]);
  });

  it('refuses an invalid template', () => {
    expect(rejectionOf(() => given(templateDecider, [saved]).when({ type: 'UpdateTemplate', templateId, template: { ...template, content: '' } }, staff))).toMatchObject({
      kind: 'invalid',
      message: 'Please enter email content',
    });
  });

  it('refuses an unknown template', () => {
    expect(rejectionOf(() => given(templateDecider, []).when({ type: 'UpdateTemplate', templateId, template }, staff))).toMatchObject({
      kind: 'not_found',
      message: 'Template not found',
    });
  });
});
