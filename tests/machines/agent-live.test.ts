import { describe, expect, it } from 'vitest';
import { fromCallback } from 'xstate';
import type { AgentLive } from '../../src/contract/agent.ts';
import { agentLiveMachine, type AgentLiveEvent } from '../../src/machines/agent-live.machine.ts';
import { liveRead } from '../../models/agent-live.model.ts';
import { driveMachine } from '../support/machine-driver.ts';
import { heldPromise } from '../support/model-actors.ts';

/** The live view with a held `loadLive` and a socket stream the test feeds. */
function start() {
  const socket: { send: ((event: AgentLiveEvent) => void) | null } = { send: null };
  const driver = driveMachine(agentLiveMachine, {
    held: { loadLive: heldPromise<AgentLive>() },
    provide: {
      actors: {
        watchLive: fromCallback<AgentLiveEvent>(({ sendBack }) => {
          socket.send = sendBack;
        }),
      },
    },
  });
  const push = (event: AgentLiveEvent) => {
    if (!socket.send) throw new Error('watchLive never started');
    socket.send(event);
  };
  return { ...driver, push };
}

describe('agentLiveMachine', () => {
  it("counts down to the next settlement on the server's time of the read", async () => {
    const live = start();
    await live.held.loadLive.resolve(liveRead(42));
    live.expectToBeIn({ live: { data: 'idle' } });
    live.expectContext({ secondsLeft: 42 });
    live.tick(1000);
    live.tick(1000);
    live.expectContext({ secondsLeft: 40 });
  });

  it('reads the new window when the countdown reaches the settlement', async () => {
    const live = start();
    await live.held.loadLive.resolve(liveRead(2));
    live.tick(1000);
    expect(live.held.loadLive.calls).toHaveLength(1);
    live.tick(1000);
    live.expectToBeIn({ live: { data: 'refreshing' } });
    expect(live.held.loadLive.calls).toHaveLength(2);
    await live.held.loadLive.resolve(liveRead(300, '0'));
    live.expectContext({ secondsLeft: 300, live: { validTurnover: '0' } });
  });

  it('takes socket news as a fresh read, and news during a read as one more read', async () => {
    const live = start();
    await live.held.loadLive.resolve(liveRead(200));
    live.push({ type: 'socket.liveChanged', reason: 'bet' });
    live.push({ type: 'socket.liveChanged', reason: 'bet' });
    live.push({ type: 'socket.liveChanged', reason: 'wage' });
    expect(live.held.loadLive.calls).toHaveLength(2);
    await live.held.loadLive.resolve(liveRead(199, '2500000'));
    // Three pieces of news, two reads after the first: never one read per event.
    expect(live.held.loadLive.calls).toHaveLength(3);
    live.expectContext({ live: { validTurnover: '2500000' } });
    await live.held.loadLive.resolve(liveRead(198, '2600000'));
    live.expectToBeIn({ live: { data: 'idle' } });
    live.expectContext({ again: false, live: { validTurnover: '2600000' } });
  });

  it('keeps the figures, marked stale, while the channel is down, and reads them when back', async () => {
    const live = start();
    await live.held.loadLive.resolve(liveRead(100));
    live.push({ type: 'socket.disconnected' });
    live.expectToBeIn('reconnecting');
    expect(live.snapshot().hasTag('stale')).toBe(true);
    live.expectContext({ live: { validTurnover: '2000000' } });
    live.push({ type: 'socket.reconnected' });
    live.expectToBeIn('resyncing');
    await live.held.loadLive.resolve(liveRead(90, '3000000'));
    live.expectToBeIn({ live: { data: 'idle' } });
    live.expectContext({ secondsLeft: 90, live: { validTurnover: '3000000' } });
  });

  it('retries a failed read after 5 s, and a failed first read on the retry only', async () => {
    const live = start();
    await live.held.loadLive.reject({ code: 'network_error' });
    live.expectToBeIn('error');
    live.expectContext({ error: 'network_error' });
    live.tick(10_000);
    expect(live.held.loadLive.calls).toHaveLength(1);
    live.send({ type: 'user.retry' });
    await live.held.loadLive.resolve(liveRead(100));
    live.push({ type: 'socket.liveChanged', reason: 'contract' });
    await live.held.loadLive.reject({ code: 'system_error' });
    live.expectToBeIn('stale');
    live.expectContext({ live: { validTurnover: '2000000' } });
    live.tick(5000);
    live.expectToBeIn('resyncing');
    expect(live.held.loadLive.calls).toHaveLength(4);
  });
});
