import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant no-updated-after` (docs/service-decisions.md).
describeCoreSuite({ variants: ['no-updated-after'], keychain: 'memory' });
