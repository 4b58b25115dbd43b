import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant short-idempotency` (docs/service-decisions.md).
describeCoreSuite({ variants: ['short-idempotency'], keychain: 'memory' });
