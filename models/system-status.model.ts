import type { Permission, SystemStatus } from '../src/contract/system.ts';
import { registerFields, type FieldRule } from '../src/contract/validation.ts';
import { systemStatusMachine } from '../src/machines/system-status.machine.ts';
import { defineModel } from '../tests/support/model.ts';

export { systemStatusMachine };

const statusNormal: SystemStatus = { status: 0, endTime: null, ip: '203.0.113.7' };
const statusMaintenance: SystemStatus = {
  status: 1,
  endTime: '2026-06-01T04:00:00.000Z',
  ip: '203.0.113.7',
};
const statusRegion: SystemStatus = { status: 2, endTime: null, ip: '198.51.100.23' };

const anyText: FieldRule = {
  enabled: true,
  required: false,
  acceptedPattern: '*',
  patternId: 'any',
  minLength: 0,
  maxLength: 64,
};

/** A small but valid bootstrap payload: the machine only stores it. */
export const permissionFixture: Permission = {
  modules: [{ modId: 'LOGIN', enabled: '1', childrenNodes: [] }],
  validators: Object.fromEntries(registerFields.map((field) => [field, anyText])) as Record<
    (typeof registerFields)[number],
    FieldRule
  >,
  resources: [{ resourceType: 'LIVECHAT', url: 'https://chat.example.test', qrCodeUrl: null }],
  customerService: { liveChatUrl: 'https://chat.example.test', vipServiceUrl: null },
  analytics: { gtagId: null },
  domainRoute: [],
  imageCDNs: [],
  launchGameCDNs: [],
  location: { ip: '203.0.113.7', country: 'IN' },
  maintenance: { enabled: false, endTime: null },
  regionRestriction: { restricted: false, ip: '203.0.113.7' },
  settings: {
    merchantCode: 'demo',
    siteName: 'Demo',
    currencySymbol: '₹',
    currencyCode: 'INR',
    languages: ['hi', 'en', 'bn'],
    defaultLanguage: 'hi',
    captchaEnabled: true,
    moneyGrouping: 'thousands',
  },
};

export const model = defineModel({
  name: 'system-status',
  title: 'Start-up status',
  summary:
    'Every page load first reads the system status, then the site permission (bootstrap) ' +
    'payload. Maintenance (status 1) wins over region restriction (status 2); both end the ' +
    'start-up on their own page. A network failure or the 120 s page-load time-out shows the ' +
    'error page with a retry button.',
  source: 'src/machines/system-status.machine.ts',
  machine: systemStatusMachine,
  input: { host: 'demo.example.test' },
  events: {
    'xstate.done.actor.loadStatus': [
      { label: 'status 0, normal', output: statusNormal },
      { label: 'status 1, maintenance', output: statusMaintenance },
      { label: 'status 2, region restricted', output: statusRegion },
    ],
    'xstate.error.actor.loadStatus': [{ label: 'network error', error: 'network' }],
    'xstate.done.actor.loadPermission': [{ label: 'bootstrap payload', output: permissionFixture }],
    'xstate.error.actor.loadPermission': [{ label: 'network error', error: 'network' }],
    'xstate.after.pageLoadTimeout.systemStatus.loading': [{}],
    'user.retry': [{}],
    'server.statusChanged': [{}],
  },
  states: {
    'systemStatus.loading': {
      shows: 'the loading screen (busy indicator) instead of the site',
      testId: 'page-loading',
    },
    'systemStatus.loading.status': {
      shows: 'the loading screen while the system status is read',
      testId: 'page-loading',
    },
    'systemStatus.loading.permission': {
      shows: 'the loading screen while the site permission payload is read',
      testId: 'page-loading',
    },
    'systemStatus.normal': {
      shows: 'the site for the requested route (home page on /)',
      testId: 'page-home',
    },
    'systemStatus.maintenance': {
      shows:
        'the maintenance page with the end time, a customer-service link and a "check again" button',
      testId: 'page-maintenance',
    },
    'systemStatus.regionBlocked': {
      shows: 'the region-blocked page with the visitor IP and a customer-service link',
      testId: 'page-region',
    },
    'systemStatus.error': {
      shows: 'the error page (network failure or page-load time-out) with a retry button',
      testId: 'page-error',
    },
  },
});
