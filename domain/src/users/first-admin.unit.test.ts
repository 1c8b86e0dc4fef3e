import { given } from '../decider';
import { contextAs } from '../schemas-shared/test-support';
import { firstAdminDecider, type FirstAdminEvent, type SettleFirstAdmin } from './first-admin';

const system = contextAs('system', null);
const ask = (existingAdminId: string | null = null): SettleFirstAdmin => ({ type: 'SettleFirstAdmin', userId: 'u1', email: ' Admin@University.edu ', fullName: 'Administrator', existingAdminId });
const chosen: FirstAdminEvent = { type: 'FirstAdminChosen', data: { userId: 'u1', email: 'admin@university.edu', fullName: 'Administrator' } };
const notNeeded: FirstAdminEvent = { type: 'FirstAdminNotNeeded', data: { existingAdminId: 'a0' } };

describe('SettleFirstAdmin', () => {
  it('chooses the account to make while no admin exists, with the address in its one spelling', () => {
    expect(given(firstAdminDecider, []).when(ask(), system)).toEqual([chosen]);
  });

  it('records that no admin is needed when one exists', () => {
    expect(given(firstAdminDecider, []).when(ask('a0'), system)).toEqual([notNeeded]);
  });

  it('changes nothing once settled, whatever is asked: the first answer stands', () => {
    for (const history of [[chosen], [notNeeded]]) {
      expect(given(firstAdminDecider, history).when(ask(), system)).toEqual([]);
      expect(given(firstAdminDecider, history).when({ ...ask('a9'), userId: 'u2' }, system)).toEqual([]);
    }
  });

  it('keeps the first decision when the stream somehow holds two', () => {
    const state = [chosen, notNeeded].reduce(firstAdminDecider.evolve, firstAdminDecider.initialState);
    expect(state).toEqual({ settled: true, outcome: 'chosen', userId: 'u1', email: 'admin@university.edu', fullName: 'Administrator' });
  });
});
