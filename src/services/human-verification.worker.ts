// One proof-of-work solver (altcha's worker protocol) with the browser's WebCrypto SHA-256.
import { handler } from 'altcha-lib/workers/shared';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

handler({ deriveKey });
