import { describeCoreSuite } from '../support/coreSuite.ts';

// The core integration suite against a sandbox answering as `--variant long-retry-after` (docs/service-decisions.md).
describeCoreSuite({ variants: ['long-retry-after'], keychain: 'memory' });
