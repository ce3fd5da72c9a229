import { remoteDataMachine } from '../src/machines/remote-data.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { remoteDataMachine };

export const model = defineModel({
  name: 'remote-data',
  title: 'Remote data (help center, notices, banners, vendors)',
  summary:
    'One remote resource on a page: a busy indicator while it loads, its content when there is ' +
    'some, an empty message when there is none, and an error with a retry button when the ' +
    'call fails. New parameters (another tab, another page) load it again.',
  source: 'src/machines/remote-data.machine.ts',
  machine: remoteDataMachine,
  input: { params: { type: 'B' } },
  events: {
    'xstate.done.actor.load': [
      { label: 'a list with items', output: [{ id: '1', title: 'Welcome' }] },
      { label: 'an empty list', output: [] },
      { label: 'no data', output: null },
      { label: 'an object whose lists are empty', output: { popup: [], promotion: [] } },
    ],
    'xstate.error.actor.load': [{ label: 'network error', error: 'network' }],
    'user.retry': [{}],
    'user.reload': [{}],
    'app.paramsChanged': [{ label: 'type PL', params: { type: 'PL' } }],
  },
  states: {
    'remoteData.loading': {
      shows: 'a busy indicator where the content goes',
      role: { role: 'status' },
    },
    'remoteData.loaded': { shows: 'the content (articles, notices, banners, vendors)' },
    'remoteData.empty': { shows: 'the translated "No data" message' },
    'remoteData.failed': {
      shows: 'a translated error message and a retry button',
      role: { role: 'button', name: 'Retry' },
    },
  },
});
