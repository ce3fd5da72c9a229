import { fromPromise } from 'xstate';
import type { Language } from '../contract/constants.ts';
import { sniffBytes, sniffImageType } from '../contract/withdrawal-proof.ts';
import { remoteDataMachine } from '../machines/remote-data.machine.ts';
import { createHelpClient } from '../services/help.service.ts';
import type { HttpClient } from '../services/http-client.ts';
import type { HelpFlows } from '../ui/pages/help/help-flows.ts';

type Loader = (params: Record<string, string>, signal: AbortSignal) => Promise<unknown>;

const remote = (load: Loader) =>
  remoteDataMachine.provide({
    actors: { load: fromPromise(({ input, signal }) => load(input.params, signal)) },
  });

/** The help page's flows with their effects from the help client (loaded with them). */
export function createHelpFlows(http: HttpClient): HelpFlows {
  const client = createHelpClient(http);
  return {
    search: remote((params, signal) =>
      client.search(
        (params.language as Language | undefined) ?? 'hi',
        params.keyword ?? '',
        signal,
      ),
    ),
    winners: remote((params, signal) =>
      client.winners((params.language as Language | undefined) ?? 'hi', signal),
    ),
    myFeedback: remote((_, signal) => client.myFeedback(signal)),
    affiliate: remote((_, signal) => client.affiliate(signal)),
    avatar: remote((_, signal) => client.avatar(signal)),
    imageTypes: (files) =>
      Promise.all(
        files.map(async (file) =>
          sniffImageType(new Uint8Array(await file.slice(0, sniffBytes).arrayBuffer())),
        ),
      ),
    sendFeedback: (draft) =>
      client.sendFeedback({
        questionType: draft.questionType,
        content: draft.content,
        images: draft.images.map((file) => ({ name: file.name, file })),
      }),
    applyAffiliate: (body) => client.applyAffiliate(body),
    setAvatar: (avatarId) => client.setAvatar(avatarId),
  };
}
