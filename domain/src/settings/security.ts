import type { CommandContext, Decider, DomainEvent } from '../decider';
import { reject } from '../decider';

/**
 * The portal's security settings, on a stream of their own (`settings-security`). For now one: whether
 * every admin and staff account must sign in with a second factor. While it is required, an admin or
 * staff account without one is asked to enrol right after its password and gets no session before.
 */
export const SECURITY_SETTINGS_STREAM = 'settings-security';

export type SecondFactorRequirementChanged = DomainEvent<'SecondFactorRequirementChanged', { required: boolean }>;

export type SecuritySettingsEvent = SecondFactorRequirementChanged;

export const SECURITY_SETTINGS_EVENT_VERSIONS = {
  SecondFactorRequirementChanged: 1,
} as const satisfies Record<SecuritySettingsEvent['type'], number>;

export interface SetSecondFactorRequirement {
  type: 'SetSecondFactorRequirement';
  required: boolean;
}

export type SecuritySettingsCommand = SetSecondFactorRequirement;

export interface SecuritySettingsState {
  secondFactorRequired: boolean;
}

export const SECURITY_SETTINGS_MESSAGES = {
  adminsOnly: 'Only an admin can change the security settings.',
} as const;

function decide(command: SecuritySettingsCommand, state: SecuritySettingsState, context: CommandContext): SecuritySettingsEvent[] {
  // The permission matrix keeps others out at the edge; the command line (system) may act too.
  if (context.actor.role !== 'admin' && context.actor.role !== 'system') reject('forbidden', SECURITY_SETTINGS_MESSAGES.adminsOnly);
  if (command.required === state.secondFactorRequired) return [];
  return [{ type: 'SecondFactorRequirementChanged', data: { required: command.required } }];
}

function evolve(state: SecuritySettingsState, event: SecuritySettingsEvent): SecuritySettingsState {
  switch (event.type) {
    case 'SecondFactorRequirementChanged':
      return { ...state, secondFactorRequired: event.data.required };
  }
}

export const securitySettingsDecider: Decider<SecuritySettingsCommand, SecuritySettingsEvent, SecuritySettingsState> = {
  initialState: { secondFactorRequired: false },
  decide,
  evolve,
};
