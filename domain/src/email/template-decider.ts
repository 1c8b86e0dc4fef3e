import { reject, type Decider } from '../decider';
import { applyChanges, changedFields, parseOrReject } from '../schemas-shared';
import type { TemplateEvent } from './events';
import { EMAIL_MESSAGES, TEMPLATE_FIELD_NAMES, templateFormSchema, type TemplateFields, type TemplateFormInput } from './schemas';

export type SaveTemplate = { type: 'SaveTemplate'; templateId: string; template: TemplateFormInput };
export type UpdateTemplate = { type: 'UpdateTemplate'; templateId: string; template: TemplateFormInput };
export type TemplateCommand = SaveTemplate | UpdateTemplate;

export type TemplateState = { kind: 'none' } | { kind: 'saved'; fields: TemplateFields };

function save(command: SaveTemplate, state: TemplateState): TemplateEvent[] {
  const fields = parseOrReject(templateFormSchema, command.template);
  if (state.kind !== 'none') reject('conflict', EMAIL_MESSAGES.templateExists);
  return [{ type: 'TemplateSaved', data: { templateId: command.templateId, ...fields } }];
}

function update(command: UpdateTemplate, state: TemplateState): TemplateEvent[] {
  const fields = parseOrReject(templateFormSchema, command.template);
  if (state.kind !== 'saved') return reject('not_found', EMAIL_MESSAGES.templateNotFound);
  const changes = changedFields(state.fields, fields, TEMPLATE_FIELD_NAMES);
  return changes ? [{ type: 'TemplateUpdated', data: { templateId: command.templateId, ...changes } }] : [];
}

function evolve(state: TemplateState, event: TemplateEvent): TemplateState {
  switch (event.type) {
    case 'TemplateSaved': {
      const { templateId: _templateId, ...fields } = event.data;
      return { kind: 'saved', fields };
    }
    case 'TemplateUpdated':
      return state.kind === 'saved' ? { kind: 'saved', fields: applyChanges(state.fields, event.data) } : state;
  }
}

export const templateDecider: Decider<TemplateCommand, TemplateEvent, TemplateState> = {
  initialState: { kind: 'none' },
  decide(command, state) {
    switch (command.type) {
      case 'SaveTemplate':
        return save(command, state);
      case 'UpdateTemplate':
        return update(command, state);
    }
  },
  evolve,
};
