import { useEffect } from 'react';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { remoteDataMachine } from '../../machines/remote-data.machine.ts';

/** A running remote resource (remoteDataMachine). */
export type RemoteDataRef = ActorRefFrom<typeof remoteDataMachine>;

export type RemoteDataView<T> = {
  status: 'loading' | 'loaded' | 'empty' | 'failed';
  data: T | null;
  retry: () => void;
};

/** Reads a remote resource actor; `T` is the type the app's loader returns for it. */
export function useRemoteData<T>(ref: RemoteDataRef): RemoteDataView<T> {
  const status = useSelector(ref, (s) => s.value);
  const data = useSelector(ref, (s) => s.context.data) as T | null;
  return { status, data, retry: () => ref.send({ type: 'user.retry' }) };
}

/**
 * Reads `ref` again at each news `listen` hands on (a server event of the figures it shows),
 * while the component is mounted.
 */
export function useReloadOn(listen: (listener: () => void) => () => void, ref: RemoteDataRef) {
  useEffect(() => listen(() => ref.send({ type: 'user.reload' })), [listen, ref]);
}
