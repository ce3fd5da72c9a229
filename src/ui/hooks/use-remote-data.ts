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
