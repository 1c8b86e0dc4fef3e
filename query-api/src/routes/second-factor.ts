import { RECOVERY_CODE_COUNT, secondFactorStatusSchema } from '@placement/domain';
import { actorOf, loadUser, secondFactorRequired, type RouteSpec } from '@placement/platform';
import type { QueryApiDeps } from '../deps';

/**
 * The signed-in admin's or staff member's second factor and whether the portal requires one, read
 * from the event store (the account's stream and settings-security), as the sign-in itself reads them.
 */
export function secondFactorRoutes(deps: QueryApiDeps): RouteSpec[] {
  return [
    {
      method: 'get',
      paths: ['/api/auth/second-factor'],
      action: 'auth.secondFactor',
      summary: "The signed-in admin's or staff member's second factor (none, pending or enrolled, recovery codes left) and whether the portal requires one",
      tags: ['auth'],
      responds: { status: 200, description: 'The second factor', schema: secondFactorStatusSchema },
      handler: async (_req, res) => {
        const user = await loadUser(deps.store, actorOf(res).id!);
        res.json({
          status: user.secondFactor.status,
          recoveryCodesLeft: user.secondFactor.recoveryCodes.filter((code) => !code.used).length,
          recoveryCodeCount: RECOVERY_CODE_COUNT,
          required: await secondFactorRequired(deps.store),
        });
      },
    },
  ];
}
