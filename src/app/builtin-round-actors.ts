import { fromPromise } from 'xstate';
import { builtinRoundMachine } from '../machines/builtin-round.machine.ts';
import { BuiltinApiError } from '../services/builtin-games.service.ts';
import type { BuiltinApi, SessionStore } from '../ui/pages/game/builtin/builtin-types.ts';

/**
 * The built-in game page's round machine with its effects: the provider's calls, the session
 * kept for a reload, and no animation time when the player asks for less motion.
 */
export function createBuiltinRoundLogic(options: {
  api: BuiltinApi;
  sessions: SessionStore;
  reducedMotion: boolean;
}) {
  const { api, sessions } = options;
  return builtinRoundMachine.provide({
    actors: {
      loadSession: fromPromise(async ({ input }) => {
        if (input.token) return { token: input.token, state: await api.state(input.token) };
        if (!input.launchToken) throw new BuiltinApiError('no_session', 'no session');
        const { sessionToken, ...state } = await api.openSession(input.launchToken);
        return { token: sessionToken, state };
      }),
      submitBet: fromPromise(({ input }) => api.play(input.token, input.body)),
      saveSeeds: fromPromise(({ input }) =>
        api.rotateSeeds(input.token, input.clientSeed, input.nextServerSeedHash),
      ),
    },
    actions: { storeSession: (_, params) => sessions.set(params.token) },
    delays: options.reducedMotion ? { spinTime: 0, reelStop: 0, rollTime: 0, flightTime: 0 } : {},
  });
}
export type BuiltinRoundLogic = ReturnType<typeof createBuiltinRoundLogic>;
